import type { CaipNetwork } from '../../networks/types.js'
import type { Connector } from '../../stores/connectors.js'
import type { AdapterEventName, AdapterEvents, ChainAdapter } from '../types.js'
import { type AdapterEmitter, createAdapterEmitter } from './emitter.js'
import type { NamespaceTraits } from './traits.js'

const FORWARDED: AdapterEventName[] = [
  'accountChanged',
  'switchNetwork',
  'disconnect',
  'pairing',
  'alert',
  'connected',
]

export interface LazyAdapterParameters<adapter extends ChainAdapter> {
  traits: NamespaceTraits
  networks: readonly CaipNetwork[]
  /** Imports and makes the adapter; called once, on the first call that needs it. */
  load(): Promise<adapter>
  /** The wallets found without the adapter; a change is emitted as a 'connectors' event. */
  connectors(emit: AdapterEmitter['emit']): Connector[]
  /** Whether the last visit left a connection to restore; without one nothing loads on start. */
  hasConnection(): boolean
  /** Forgets that connection while the adapter is not loaded. */
  forgetConnection(): void
  /** Stops what `connectors` started. */
  stop?(): void
}

/**
 * An adapter that costs its chain's code only when a visitor uses it: the connectors show at once,
 * the adapter loads on the first connect, or on start when the last visit left a wallet connected.
 * Any family with a heavy SDK wraps itself in this (docs/solana.md#wallets).
 */
export function createLazyAdapter<adapter extends ChainAdapter>(
  parameters: LazyAdapterParameters<adapter>,
): ChainAdapter & {
  /** Loads the adapter, its events then forwarded. */ load(): Promise<adapter>
} {
  const emitter = createAdapterEmitter()
  let network: CaipNetwork | undefined
  let inner: Promise<adapter> | undefined
  const load = () => {
    inner ??= parameters.load().then((adapter) => {
      for (const event of FORWARDED)
        adapter.on(event, (payload) => emitter.emit(event, payload as AdapterEvents[typeof event]))
      // A network chosen before the adapter loaded is the one it starts on.
      if (network) void adapter.switchNetwork({ network })
      return adapter
    })
    return inner
  }
  const call =
    <key extends keyof ChainAdapter>(key: key) =>
    async (...args: unknown[]) => {
      const adapter = await load()
      const method = adapter[key] as ((...a: unknown[]) => Promise<unknown>) | undefined
      if (!method) throw new Error(`The ${parameters.traits.label} adapter has no ${String(key)}`)
      return method.apply(adapter, args)
    }
  return {
    namespace: parameters.traits.namespace,
    traits: parameters.traits,
    networks: parameters.networks,
    on: emitter.on,
    load,
    getConnectors: () => parameters.connectors(emitter.emit),
    connect: call('connect') as ChainAdapter['connect'],
    async reconnect() {
      // Nothing to restore: the adapter stays unloaded.
      if (!parameters.hasConnection()) return []
      return (await load()).reconnect()
    },
    async disconnect(options) {
      if (inner) await (await inner).disconnect(options)
      else parameters.forgetConnection()
    },
    async switchNetwork(options) {
      network = options.network
      if (inner) await (await inner).switchNetwork(options)
    },
    getBalance: call('getBalance') as ChainAdapter['getBalance'],
    signMessage: call('signMessage') as NonNullable<ChainAdapter['signMessage']>,
    estimateSend: call('estimateSend') as NonNullable<ChainAdapter['estimateSend']>,
    sendToken: call('sendToken') as NonNullable<ChainAdapter['sendToken']>,
    waitForTransaction: call('waitForTransaction') as NonNullable<
      ChainAdapter['waitForTransaction']
    >,
    destroy() {
      parameters.stop?.()
      void inner?.then((adapter) => adapter.destroy?.())
    },
  }
}
