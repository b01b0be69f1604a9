import type { Page } from '@playwright/test'
import { type KeyPairSigner, signBytes } from '@solana/kit'
import {
  createSolanaTestWallet,
  type SolanaTestWallet,
} from '../../packages/core/src/testing/index.js'
import { devSigner } from '../../scripts/solana/accounts.js'
import { LOCAL_CLUSTER_CAIP2 } from '../../scripts/solana/ledger.js'
import { solanaRpcUrl } from '../playwright.config.js'

type Bridged = { result: unknown } | { error: { code: number; message: string } }

/** Bytes cross the page boundary as arrays of numbers (what Playwright can serialise). */
const toBytes = (value: unknown) => new Uint8Array(value as number[])
const fromBytes = (bytes: Uint8Array) => [...bytes]

export interface InjectedSolanaWallet {
  wallet: SolanaTestWallet
  signer: KeyPairSigner
}

/**
 * Injects core's wallet-standard test wallet into `page`. The page gets a wallet object that
 * registers itself as real Solana wallets do (the wallet standard's window events); each feature
 * call is bridged to Node, where the ed25519 key signs and the local cluster is called. The key
 * never enters the page.
 */
export async function injectSolanaWallet(
  page: Page,
  options: { label?: string } = {},
): Promise<InjectedSolanaWallet> {
  const signer = await devSigner(options.label ?? 'wallet')
  const wallet = createSolanaTestWallet({
    address: signer.address,
    sign: async (bytes) => new Uint8Array(await signBytes(signer.keyPair.privateKey, bytes)),
    chains: [LOCAL_CLUSTER_CAIP2],
    rpcUrls: { [LOCAL_CLUSTER_CAIP2]: solanaRpcUrl },
  })
  const features = wallet.features as Record<
    string,
    Record<string, (...a: unknown[]) => Promise<unknown>>
  >
  const invoke = async (name: string, method: string, ...args: unknown[]) => {
    const fn = features[name]?.[method]
    if (!fn) throw new Error(`the test wallet has no ${name}`)
    return fn(...args)
  }
  await page.exposeFunction(
    '__latchSolanaWalletCall',
    async (call: {
      feature: string
      method: string
      input?: Record<string, unknown>
    }): Promise<Bridged> => {
      try {
        const input = call.input ?? {}
        const account = wallet.accounts[0] ?? { address: signer.address }
        if (call.method === 'connect') {
          const { accounts } = (await invoke('standard:connect', 'connect', input)) as {
            accounts: Array<{ address: string }>
          }
          return { result: accounts.map((a) => a.address) }
        }
        if (call.method === 'disconnect') {
          await invoke('standard:disconnect', 'disconnect')
          return { result: null }
        }
        if (call.method === 'signMessage') {
          const [out] = (await invoke('solana:signMessage', 'signMessage', {
            account,
            message: toBytes(input.message),
          })) as Array<{ signature: Uint8Array }>
          return { result: fromBytes(out?.signature ?? new Uint8Array()) }
        }
        if (call.method === 'signAndSendTransaction') {
          const [out] = (await invoke('solana:signAndSendTransaction', 'signAndSendTransaction', {
            account,
            chain: input.chain,
            transaction: toBytes(input.transaction),
          })) as Array<{ signature: Uint8Array }>
          return { result: fromBytes(out?.signature ?? new Uint8Array()) }
        }
        if (call.method === 'signTransaction') {
          const [out] = (await invoke('solana:signTransaction', 'signTransaction', {
            account,
            transaction: toBytes(input.transaction),
          })) as Array<{ signedTransaction: Uint8Array }>
          return { result: fromBytes(out?.signedTransaction ?? new Uint8Array()) }
        }
        return { error: { code: -32601, message: `no ${call.method}` } }
      } catch (error) {
        const { code, message } = error as { code?: number; message?: string }
        return { error: { code: code ?? -32603, message: message ?? 'Internal error' } }
      }
    },
  )
  await page.addInitScript(
    ({ name, icon, chains, address, publicKey }) => {
      const w = window as unknown as Record<string, unknown>
      const bridge = async (method: string, input?: Record<string, unknown>) => {
        const answer = await (w.__latchSolanaWalletCall as (c: unknown) => Promise<Bridged>)({
          method,
          input,
        })
        if ('error' in answer) {
          const error = new Error(answer.error.message) as Error & { code: number }
          error.code = answer.error.code
          throw error
        }
        return answer.result
      }
      const account = {
        address,
        publicKey: new Uint8Array(publicKey),
        chains,
        features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
      }
      let accounts: (typeof account)[] = []
      const changes = new Set<(c: { accounts: (typeof account)[] }) => void>()
      const wallet = {
        version: '1.0.0',
        name,
        icon,
        chains,
        get accounts() {
          return accounts
        },
        features: {
          'standard:connect': {
            version: '1.0.0',
            async connect(input?: { silent?: boolean }) {
              const list = (await bridge('connect', input ?? {})) as string[]
              accounts = list.length ? [account] : []
              return { accounts }
            },
          },
          'standard:disconnect': {
            version: '1.0.0',
            async disconnect() {
              await bridge('disconnect')
              accounts = []
              for (const listener of changes) listener({ accounts })
            },
          },
          'standard:events': {
            version: '1.0.0',
            on(_event: string, listener: (c: { accounts: (typeof account)[] }) => void) {
              changes.add(listener)
              return () => changes.delete(listener)
            },
          },
          'solana:signMessage': {
            version: '1.0.0',
            async signMessage(input: { message: Uint8Array }) {
              const signature = (await bridge('signMessage', {
                message: [...input.message],
              })) as number[]
              return [{ signedMessage: input.message, signature: new Uint8Array(signature) }]
            },
          },
          'solana:signTransaction': {
            version: '1.0.0',
            supportedTransactionVersions: ['legacy', 0],
            async signTransaction(input: { transaction: Uint8Array }) {
              const signed = (await bridge('signTransaction', {
                transaction: [...input.transaction],
              })) as number[]
              return [{ signedTransaction: new Uint8Array(signed) }]
            },
          },
          'solana:signAndSendTransaction': {
            version: '1.0.0',
            supportedTransactionVersions: ['legacy', 0],
            async signAndSendTransaction(input: { chain: string; transaction: Uint8Array }) {
              const signature = (await bridge('signAndSendTransaction', {
                chain: input.chain,
                transaction: [...input.transaction],
              })) as number[]
              return [{ signature: new Uint8Array(signature) }]
            },
          },
        },
      }
      // The wallet standard's handshake, from the wallet's side.
      const callback = ({ register }: { register(w: unknown): unknown }) => register(wallet)
      window.addEventListener('wallet-standard:app-ready', (event) =>
        callback((event as CustomEvent).detail),
      )
      class RegisterWalletEvent extends Event {
        readonly detail = callback
        constructor() {
          super('wallet-standard:register-wallet', {
            bubbles: false,
            cancelable: false,
            composed: false,
          })
        }
      }
      window.dispatchEvent(new RegisterWalletEvent())
    },
    {
      name: wallet.name,
      icon: wallet.icon,
      chains: [...wallet.chains],
      address: signer.address,
      publicKey: [...(wallet.accounts[0]?.publicKey ?? (await publicKeyOf(signer)))],
    },
  )
  return { wallet, signer }
}

async function publicKeyOf(signer: KeyPairSigner): Promise<Uint8Array> {
  const { getAddressEncoder } = await import('@solana/kit')
  return new Uint8Array(getAddressEncoder().encode(signer.address))
}
