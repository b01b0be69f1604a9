import {
  type Address,
  getContractAddress,
  keccak256,
  parseEther,
  parseUnits,
  stringToHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devTokens } from '../accounts.js'

/**
 * Deploys the DEX and provides its liquidity. Neither a mnemonic account nor the seed's deployer
 * (whose nonce the seed checks to know a chain is seeded), so seeded history stays as it was.
 * The key is public and for the dev chain only.
 */
export const dexDeployer = privateKeyToAccount(
  keccak256(stringToHex('latch devchain dex deployer')),
)

/** The deployer's nonce for each contract fixes its address on every fresh chain. */
export const dexNonces = { weth9: 0, factory: 1, router02: 2 } as const
export type DexContractName = keyof typeof dexNonces

export const dexContracts = {
  weth9: getContractAddress({ from: dexDeployer.address, nonce: 0n }),
  factory: getContractAddress({ from: dexDeployer.address, nonce: 1n }),
  router02: getContractAddress({ from: dexDeployer.address, nonce: 2n }),
} as const satisfies Record<DexContractName, Address>

export type PoolSide = { token: Address | 'native'; amount: bigint }

/**
 * The pools and the liquidity each starts with; their ratios set the dev prices: 1 ETH = 3,000
 * LUSD, 1 DEMO = 0.50 LUSD. LUSD stands for the US dollar when the server prices tokens.
 */
export const devPools: readonly { name: string; a: PoolSide; b: PoolSide }[] = [
  {
    name: 'LUSD/ETH',
    a: { token: devTokens.lusd.address, amount: parseUnits('300000', devTokens.lusd.decimals) },
    b: { token: 'native', amount: parseEther('100') },
  },
  {
    name: 'DEMO/ETH',
    a: { token: devTokens.demo.address, amount: parseUnits('600000', devTokens.demo.decimals) },
    b: { token: 'native', amount: parseEther('100') },
  },
  {
    name: 'LUSD/DEMO',
    a: { token: devTokens.lusd.address, amount: parseUnits('100000', devTokens.lusd.decimals) },
    b: { token: devTokens.demo.address, amount: parseUnits('200000', devTokens.demo.decimals) },
  },
]
