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

export async function injectTestWallet(
  page: Page,
  options: TestWalletOptions,
): Promise<InjectedWallet> {
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
    '__latchTestWalletRequest',
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
          ([name, payload]) =>
            (
              window as unknown as { __latchTestWalletEmit?: (e: string, a: unknown[]) => void }
            ).__latchTestWalletEmit?.(name as string, payload as unknown[]),
          [event, args] as const,
        )
        .catch(() => {})
    })
  }
  await page.addInitScript((info) => {
    type Listener = (...args: unknown[]) => void
    const listeners = new Map<string, Set<Listener>>()
    const w = window as unknown as {
      __latchTestWalletRequest(args: { method: string; params?: unknown }): Promise<Bridged>
      __latchTestWalletEmit(event: string, args: unknown[]): void
    }
    const provider = {
      async request(args: { method: string; params?: unknown }) {
        const answer = await w.__latchTestWalletRequest({
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
    w.__latchTestWalletEmit = (event, args) => {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
    }
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
      )
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }, TEST_WALLET_INFO)
  return Object.assign(wallet, { hold })
}

export { TEST_WALLET_INFO }
