/**
 * The in-page half of the Polkadot test extension: one function that puts an extension entry on
 * `window.injectedWeb3[key]` as polkadot-js, Talisman or SubWallet do — `enable(appName)`
 * resolving with `accounts` (get, subscribe) and a `signer` (signRaw, signPayload). It holds no
 * key: every request goes to `window[bridge]({ method, params })`, answered by the Node half
 * (`createPolkadotTestSigner` in polkadotWallet.ts), which signs with real sr25519 keys.
 *
 * Self-contained on purpose (no imports, no outer variables): Playwright serialises it with
 * `page.addInitScript(installPolkadotTestExtension, options)`.
 */

export interface PolkadotTestExtensionInstall {
  /** Name of the window function answering requests (what `page.exposeFunction` registered). */
  bridge: string
  /** The injectedWeb3 key: `polkadot-js`, `talisman`, `subwallet-js`, … (default polkadot-js). */
  key?: string
  version?: string
}

/** What the bridge answers: a result, or an error with a code (4001: the user said no). */
export type PolkadotBridgeAnswer =
  | { result: unknown }
  | { error: { code: number; message: string } }

/** An account as the extension lists it (generic prefix 42, as extensions do). */
export interface PolkadotBridgeAccount {
  address: string
  name: string
  type: 'sr25519' | 'ed25519' | 'ecdsa'
  genesisHash: string | null
}

export function installPolkadotTestExtension(options: PolkadotTestExtensionInstall): void {
  type Listener = (accounts: PolkadotBridgeAccount[]) => void
  const w = (globalThis as unknown as { window: Record<string, unknown> }).window
  const key = options.key ?? 'polkadot-js'
  const call = async (method: string, params?: unknown): Promise<unknown> => {
    const bridge = w[options.bridge] as ((r: unknown) => Promise<PolkadotBridgeAnswer>) | undefined
    if (!bridge) throw new Error(`no bridge at window.${options.bridge}`)
    const answer = await bridge({ method, params: params ?? null })
    if ('error' in answer) {
      const error = new Error(answer.error.message) as Error & { code: number }
      error.code = answer.error.code
      throw error
    }
    return answer.result
  }
  // The wallet's side of account changes: the Node half (or a test) calls window[`${bridge}Emit`].
  const listeners = new Set<Listener>()
  w[`${options.bridge}Emit`] = (accounts: PolkadotBridgeAccount[]) => {
    for (const listener of listeners) listener(accounts)
  }
  w.injectedWeb3 ??= {}
  const injected = w.injectedWeb3 as Record<string, unknown>
  injected[key] = {
    version: options.version ?? '0.1.0',
    async enable(appName: string) {
      await call('enable', { appName })
      const accounts = {
        get: () => call('accounts') as Promise<PolkadotBridgeAccount[]>,
        subscribe(listener: Listener) {
          listeners.add(listener)
          // As polkadot-js does: the current list first, then each change.
          void accounts.get().then(
            (list) => listeners.has(listener) && listener(list),
            () => undefined,
          )
          return () => {
            listeners.delete(listener)
          }
        },
      }
      return {
        name: key,
        version: options.version ?? '0.1.0',
        accounts,
        signer: {
          signRaw: (raw: unknown) => call('signRaw', raw),
          signPayload: (payload: unknown) => call('signPayload', payload),
        },
        metadata: { get: async () => [], provide: async () => false },
      }
    },
  }
}
