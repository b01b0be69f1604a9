import { eip155Traits } from '../adapters/eip155/traits.js'
import { createAdapterEmitter } from '../adapters/shared/emitter.js'
import type { NamespaceTraits } from '../adapters/shared/traits.js'
import { solanaTraits } from '../adapters/solana/traits.js'
import type {
  AdapterEventName,
  AdapterEvents,
  ChainAdapter,
  ConnectResult,
  SendParameters,
} from '../adapters/types.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import type { Connector } from '../stores/connectors.js'

export interface FakeAdapter extends ChainAdapter {
  emit<event extends AdapterEventName>(event: event, payload: AdapterEvents[event]): void
  /** What the next calls do; tests change these between steps. */
  behaviour: {
    connect: (connectorId: string) => Promise<ConnectResult>
    reconnect: () => Promise<ConnectResult[]>
    disconnect: () => Promise<void>
    switchNetwork: (network: CaipNetwork) => Promise<void>
    balance: { balance: string; symbol: string }
    signMessage: (parameters: { address: string; message: string }) => Promise<string>
    sendToken: (parameters: SendParameters) => Promise<string>
    mined: 'success' | 'reverted'
  }
  calls: { method: string; args: unknown }[]
  connectors: Connector[]
}

const SHIPPED: readonly NamespaceTraits[] = [eip155Traits, solanaTraits]

function traitsFor(namespace: ChainNamespace): NamespaceTraits {
  return (
    SHIPPED.find((traits) => traits.namespace === namespace) ?? {
      namespace,
      label: namespace,
      isAddress: (address) => address.length > 0,
      normalizeAddress: (address) => address,
      signInMessage: 'caip122',
      features: { balance: false, send: false, names: false },
    }
  )
}

/**
 * A chain adapter with no chain behind it, for controller and UI tests. By default connecting
 * succeeds with `address` on the first network, reconnecting finds nothing.
 */
export function createFakeAdapter(parameters: {
  namespace: ChainNamespace
  networks: CaipNetwork[]
  address?: string
  connectors?: Connector[]
  /** Default: the real traits of the namespaces Latch ships, anything-goes ones for the others. */
  traits?: NamespaceTraits | undefined
}): FakeAdapter {
  const { namespace, networks } = parameters
  const address = parameters.address ?? '0x0000000000000000000000000000000000000001'
  const { on, emit } = createAdapterEmitter()
  const calls: FakeAdapter['calls'] = []
  const connectors = parameters.connectors ?? [
    { id: 'fake', name: 'Fake Wallet', type: 'ANNOUNCED', chain: namespace },
  ]
  const adapter: FakeAdapter = {
    namespace,
    traits: parameters.traits ?? traitsFor(namespace),
    networks,
    connectors,
    calls,
    behaviour: {
      connect: async (connectorId) => ({
        connectorId,
        accounts: [{ address }],
        chainId: networks[0]!.id,
      }),
      reconnect: async () => [],
      disconnect: async () => {},
      switchNetwork: async () => {},
      balance: { balance: '1.5', symbol: networks[0]?.nativeCurrency.symbol ?? '' },
      signMessage: async ({ message }) => `signed:${message}`,
      sendToken: async () => `0x${'ab'.repeat(32)}`,
      mined: 'success',
    },
    on,
    emit,
    getConnectors: () => adapter.connectors,
    connect: async ({ connectorId }) => {
      calls.push({ method: 'connect', args: connectorId })
      return adapter.behaviour.connect(connectorId)
    },
    reconnect: async () => {
      calls.push({ method: 'reconnect', args: undefined })
      return adapter.behaviour.reconnect()
    },
    disconnect: async (args) => {
      calls.push({ method: 'disconnect', args })
      return adapter.behaviour.disconnect()
    },
    switchNetwork: async ({ network }) => {
      calls.push({ method: 'switchNetwork', args: network.caipNetworkId })
      return adapter.behaviour.switchNetwork(network)
    },
    getBalance: async () => adapter.behaviour.balance,
    signMessage(parameters) {
      calls.push({ method: 'signMessage', args: parameters })
      return adapter.behaviour.signMessage(parameters)
    },
    estimateSend: async () => ({
      fee: 210_000n,
      detail: { gas: 21_000n, maxFeePerGas: 10n, maxPriorityFeePerGas: 1n },
    }),
    sendToken(parameters) {
      calls.push({ method: 'sendToken', args: parameters })
      return adapter.behaviour.sendToken(parameters)
    },
    waitForTransaction: async () => ({ status: adapter.behaviour.mined }),
    switchConnection: async (parameters) => {
      calls.push({ method: 'switchConnection', args: parameters })
    },
  }
  return adapter
}
