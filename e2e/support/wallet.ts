import type { Page } from '@playwright/test'
import {
  createTestWallet,
  TEST_WALLET_INFO,
  type TestWallet,
  type TestWalletOptions,
} from '../../packages/core/src/testing/index.js'

type Bridged = { result: unknown } | { error: { code: number; message: string } }

/**
 * Injects core's test wallet into `page`: an init script announces an EIP-6963 provider whose
 * `request` is bridged to Node (page.exposeFunction), where a viem local account on the dev
 * mnemonic signs and anvil answers. Wallet events go back into the page. The wallet object
 * outlives reloads, so its permission (connected) state does too, like an extension's.
 */
export interface InjectedWallet extends TestWallet {
  /** Holds requests of these methods until the returned function is called (a wallet awaiting the user). */
  hold(...methods: string[]): () => void
}

/** A second wallet in the same page needs its own EIP-6963 identity. */
export interface WalletIdentity {
  uuid: string
  name: string
  icon: string
  rdns: string
}

export async function injectTestWallet(
  page: Page,
  options: TestWalletOptions & { info?: WalletIdentity },
): Promise<InjectedWallet> {
  const info = options.info ?? TEST_WALLET_INFO
  // Each wallet's bridge has names of its own; the first keeps the plain ones.
  const suffix = options.info ? `_${info.rdns.replace(/[^a-z0-9]/gi, '_')}` : ''
  const wallet = createTestWallet(options)
  const holds = new Map<string, Promise<void>>()
  const hold = (...methods: string[]) => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    for (const method of methods) holds.set(method, gate)
    return () => {
      for (const method of methods) holds.delete(method)
      release()
    }
  }
  await page.exposeFunction(
    `__latchTestWalletRequest${suffix}`,
    async (args: { method: string; params?: unknown }): Promise<Bridged> => {
      await holds.get(args.method)
      try {
        return { result: (await wallet.request(args)) ?? null }
      } catch (error) {
        const { code, message } = error as { code?: number; message?: string }
        return { error: { code: code ?? -32603, message: message ?? 'Internal error' } }
      }
    },
  )
  for (const event of ['accountsChanged', 'chainChanged', 'connect', 'disconnect']) {
    wallet.on(event, (...args: unknown[]) => {
      page
        .evaluate(
          ([name, payload, key]) =>
            (window as unknown as Record<string, ((e: string, a: unknown[]) => void) | undefined>)[
              `__latchTestWalletEmit${key}`
            ]?.(name as string, payload as unknown[]),
          [event, args, suffix] as const,
        )
        .catch(() => {})
    })
  }
  await page.addInitScript(
    ({ info, suffix }) => {
      type Listener = (...args: unknown[]) => void
      const listeners = new Map<string, Set<Listener>>()
      const w = window as unknown as Record<string, unknown>
      // Looked up per request: the exposed function may be bound after this script runs.
      const bridge = (args: { method: string; params?: unknown }) =>
        (w[`__latchTestWalletRequest${suffix}`] as (a: typeof args) => Promise<Bridged>)(args)
      const provider = {
        async request(args: { method: string; params?: unknown }) {
          const answer = await bridge({
            method: args.method,
            params: args.params,
          })
          if ('error' in answer) {
            const error = new Error(answer.error.message) as Error & { code: number }
            error.code = answer.error.code
            throw error
          }
          return answer.result
        },
        on(event: string, listener: Listener) {
          const set = listeners.get(event) ?? new Set()
          set.add(listener)
          listeners.set(event, set)
          return provider
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener)
          return provider
        },
      }
      w[`__latchTestWalletEmit${suffix}`] = (event: string, args: unknown[]) => {
        for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
      }
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: Object.freeze({ info, provider }),
          }),
        )
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
    },
    { info, suffix },
  )
  return Object.assign(wallet, { hold })
}

export { TEST_WALLET_INFO }
