import { baseNetwork, ethereumNetwork, optimismNetwork } from '../adapters/eip155/networks.js'
import { solanaDevnet, solanaMainnet } from '../adapters/solana/networks.js'
import type { ChainAdapter } from '../adapters/types.js'
import { createErrorReporting, type ErrorReport } from '../errors/reporter.js'
import { createMemoryStorage } from '../storage/backend.js'
import { createLatchStorage, type LatchStorage } from '../storage/storage.js'
import { createStores } from '../stores/index.js'
import type { OptionsState } from '../stores/options.js'
import { createFakeAdapter } from '../testing/fakeAdapter.js'
import { createController } from './index.js'

export const EVM_ADDRESS = '0x00000000000000000000000000000000000000aa'
export const SOL_ADDRESS = 'So11111111111111111111111111111111111111112'

/**
 * A controller over two fake adapters (EVM: Ethereum, Optimism, Base; Solana: mainnet, devnet),
 * with its own error reporting whose reports the test reads.
 */
export function setupController(
  options: Partial<OptionsState> = {},
  parameters: { adapters?: ChainAdapter[]; storage?: LatchStorage } = {},
) {
  const storage = parameters.storage ?? createLatchStorage(createMemoryStorage())
  const reports: ErrorReport[] = []
  const errors = createErrorReporting((report) => reports.push(report))
  const stores = createStores({
    networks: [ethereumNetwork, optimismNetwork, baseNetwork, solanaMainnet, solanaDevnet],
    defaultNetwork: ethereumNetwork,
    ...options,
  })
  const evm = createFakeAdapter({
    namespace: 'eip155',
    networks: [ethereumNetwork, optimismNetwork, baseNetwork],
    address: EVM_ADDRESS,
  })
  const solana = createFakeAdapter({
    namespace: 'solana',
    networks: [solanaMainnet, solanaDevnet],
    address: SOL_ADDRESS,
    connectors: [{ id: 'phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana' }],
  })
  const controller = createController({
    stores,
    adapters: parameters.adapters ?? [evm, solana],
    storage,
    errors,
  })
  return {
    stores,
    storage,
    evm,
    solana,
    controller,
    reports,
    chain: () => stores.chain.getState(),
    evmAccount: () => stores.chain.getState().chains.eip155!.accountState,
  }
}

export type ControllerSetup = ReturnType<typeof setupController>
