/**
 * The fixed `getAssetImage` ids the reference client (Reown AppKit 1.8) asks for without reading
 * them from any API: its connector icons and its preset network icons. An unmodified AppKit app
 * on a Latch server gets our drawn icons for them (issue #14; docs/provider-services.md#images).
 * The ids are the reference's public constants; the labels are ours.
 */
export const referenceAssetImages: Readonly<Record<string, string>> = {
  // Connectors
  'ef1a1fcf-7fe8-4d69-bd6d-fda1345b4400': 'WC', // WalletConnect
  '07ba87ed-43aa-4adf-4540-9e6a2b9cae00': 'WEB', // injected (browser) wallet
  '0c2840c3-5b04-4c44-9661-fbd4b49e1800': 'CB', // Coinbase
  'bba2c8be-7fd1-463e-42b1-796ecb0ad200': 'BA', // Base Account
  '461db637-8616-43ce-035a-d89b8a1d5800': 'SAFE', // Safe
  '54a1aa77-d202-4f8d-0fb2-5d2bb6db0300': 'LDG', // Ledger
  // EVM networks, by chain id
  'ba0ba0cd-17c6-4806-ad93-f9d174f17900': 'ETH', // 1
  '3bff954d-5cb0-47a0-9a23-d20192e74600': 'ARB', // 42161
  '30c46e53-e989-45fb-4549-be3bd4eb3b00': 'AVAX', // 43114
  '93564157-2e8e-4ce7-81df-b264dbee9b00': 'BNB', // 56
  '06b26297-fe0c-4733-5d6b-ffa5498aac00': 'FTM', // 250
  'ab9c186a-c52f-464b-2906-ca59d760a400': 'OP', // 10
  '41d04d42-da3b-4453-8506-668cc0727900': 'POL', // 137
  'e86fae9b-b770-4eea-e520-150e12c81100': 'MNT', // 5000
  '6a97d510-cac8-4e58-c7ce-e8681b044c00': 'HBAR', // 295
  'e909ea0a-f92a-4512-c8fc-748044ea6800': 'SEP', // 11155111
  'a18a7ecd-e307-4360-4746-283182228e00': 'BASE', // 84532
  '4eeea7ef-0014-4649-5d1d-07271a80f600': 'UNI', // 1301
  '2257980a-3463-48c6-cbac-a42d2a956e00': 'UNI', // 130
  '0a728e83-bacb-46db-7844-948f05434900': 'MON', // 143, 10143
  '02b53f6a-e3d4-479e-1cb4-21178987d100': 'GNO', // 100
  'f926ff41-260d-4028-635e-91913fc28e00': 'EVMOS', // 9001
  'b310f07f-4ef7-49f3-7073-2a0a39685800': 'ZKS', // 324
  '5a73b3dd-af74-424e-cae0-0de859ee9400': 'FIL', // 314
  '34e68754-e536-40da-c153-6ef2e7188a00': 'IOTX', // 4689
  '3897a66d-40b9-4833-162f-a2c90531c900': 'MTS', // 1088
  '161038da-44ae-4ec7-1208-0ea569454b00': 'GLMR', // 1284
  'f1d73bb6-5450-4e18-38f7-fb6484264a00': 'MOVR', // 1285
  '845c60df-d429-4991-e687-91ae45791600': 'ZORA', // 7777777
  'ab781bbc-ccc6-418d-d32d-789b15da1f00': 'CELO', // 42220
  '7289c336-3981-4081-c5f4-efc26ac64a00': 'BASE', // 8453
  '3ff73439-a619-4894-9262-4470c773a100': 'AUR', // 1313161554
  'b8101fc0-9c19-4b6f-ec65-f6dfff106e00': 'RON', // 2020, 2021
  'e329c2c9-59b0-4a02-83e4-212ff3779900': 'BERA', // 80094
  'fc2427d1-5af9-4a9c-8da5-6f94627cd900': 'ABS', // 2741
  'fb7e1624-99e3-4c36-ea01-4cfe46c4a300': 'RBTC', // 30
  '2eb3d92a-3d77-42aa-87c9-190adb144800': 'RBTC', // 31
  // Other namespaces
  'a1b58899-f671-4276-6a5e-56ca5bd59700': 'SOL',
  '0b4838db-0161-4ffe-022d-532bf03dba00': 'BTC',
  '39354064-d79b-420b-065d-f980c4b78200': 'BTC',
  'b3406e4a-bbfc-44fb-e3a6-89673c78b700': 'BTC',
  '20f673c0-095e-49b2-07cf-eb5049dcf600': 'TON',
  '3502bb86-cc4e-420f-a387-59ea63a28b00': 'TRX',
}
