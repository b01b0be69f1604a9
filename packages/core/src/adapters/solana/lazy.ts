import type { CaipNetwork } from '../../networks/types.js'
import { defaultStorageBackend } from '../../storage/backend.js'
import type { AdapterEventName, AdapterEvents, ChainAdapter } from '../types.js'
import type { SolanaAdapter, SolanaAdapterParameters } from './adapter.js'
import { solanaConnectors, watchSolanaWallets } from './wallets.js'

/** Mirrors adapter.ts's key; kept apart so that reading it loads nothing of @solana/kit. */
const CONNECTION_KEY = '@latch/solana/connection'

const FORWARDED: AdapterEventName[] = ['accountChanged', 'switchNetwork', 'disconnect', 'pairing']

/**
 * The Solana adapter for apps that must not pay for Solana before a visitor uses it: wallet
 * discovery (the wallet standard's small handshake) runs at once, so Solana wallets show in the
 * modal, while `@solana/kit` and the adapter itself load on the first connect, or on start when
 * the last visit left a Solana wallet connected (docs/solana.md#wallets).
 */
export function createLazySolanaAdapter(parameters: SolanaAdapterParameters): SolanaAdapter {
  const storage = parameters.storage ?? defaultStorageBackend()
  const listeners = new Map<AdapterEventName, Set<(payload: never) => void>>()
  function emit<event extends AdapterEventName>(event: event, payload: AdapterEvents[event]) {
    for (const listener of listeners.get(event) ?? [])
      (listener as (p: typeof payload) => void)(payload)
  }
  let watcher: ReturnType<typeof watchSolanaWallets> | undefined
  const wallets = () => {
    watcher ??= watchSolanaWallets((list) =>
      emit('connectors', solanaConnectors(list, parameters.networks, parameters.embeddedWallet)),
    )
    return watcher.list()
  }
  let network: CaipNetwork | undefined
  let inner: Promise<SolanaAdapter> | undefined
  const load = () => {
    inner ??= import('./adapter.js').then(({ createSolanaAdapter }) => {
      const adapter = createSolanaAdapter({ ...parameters, storage })
      for (const event of FORWARDED)
        adapter.on(event, (payload) => emit(event, payload as AdapterEvents[typeof event]))
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
      if (!method) throw new Error(`The Solana adapter has no ${String(key)}`)
      return method.apply(adapter, args)
    }
  return {
    namespace: 'solana',
    networks: parameters.networks,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as (payload: never) => void)
      listeners.set(event, set)
      return () => set.delete(listener as (payload: never) => void)
    },
    getConnectors: () =>
      solanaConnectors(wallets(), parameters.networks, parameters.embeddedWallet),
    connect: call('connect') as SolanaAdapter['connect'],
    async reconnect() {
      // Nothing to restore: the adapter stays unloaded.
      if (!storage.getItem(CONNECTION_KEY)) return []
      return (await load()).reconnect()
    },
    async disconnect(options) {
      if (inner) await (await inner).disconnect(options)
      else storage.removeItem(CONNECTION_KEY)
    },
    async switchNetwork(options) {
      network = options.network
      if (inner) await (await inner).switchNetwork(options)
    },
    getBalance: call('getBalance') as SolanaAdapter['getBalance'],
    signMessage: call('signMessage') as NonNullable<SolanaAdapter['signMessage']>,
    estimateSend: call('estimateSend') as NonNullable<SolanaAdapter['estimateSend']>,
    sendToken: call('sendToken') as NonNullable<SolanaAdapter['sendToken']>,
    waitForTransaction: call('waitForTransaction') as NonNullable<
      SolanaAdapter['waitForTransaction']
    >,
    destroy() {
      watcher?.stop()
      void inner?.then((adapter) => adapter.destroy?.())
    },
  }
}
