/**
 * A wallet-standard Solana wallet for tests: registered the way real wallets register (the
 * `wallet-standard:register-wallet` window event, or the app API directly in Node), holding one
 * ed25519 key through a `sign` callback — in Node the key itself, in a browser a function the test
 * process exposes, so the key never enters the page.
 */
import { getBase58Encoder } from '@solana/kit'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'

export interface SolanaTestWalletOptions {
  address: string
  /** Signs bytes with the account's key (ed25519); resolves with the 64-byte signature. */
  sign(bytes: Uint8Array): Promise<Uint8Array>
  /** CAIP-2 chains the wallet offers, e.g. `solana:36JLwM6MazaC3NZWkqVzp2E7rvZCmkGP`. */
  chains: readonly string[]
  /** Where signAndSendTransaction sends, per chain. */
  rpcUrls: Record<string, string>
  name?: string
  /** What the user answers when asked: approve, or reject (error code 4001). */
  behaviour?: { reject?: boolean }
}

export class WalletRejectedError extends Error {
  override name = 'WalletRejectedError'
  readonly code = 4001
  constructor() {
    super('User rejected the request.')
  }
}

const ICON: WalletIcon =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzk5NDVGRiIvPjwvc3ZnPg=='

const base58Decode = (text: string) => new Uint8Array(getBase58Encoder().encode(text))

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

/**
 * Signs a wire transaction as its fee payer: the first signature slot (after the compact-u16
 * count) covers the message that follows the slots.
 */
async function signWire(
  wire: Uint8Array,
  sign: SolanaTestWalletOptions['sign'],
): Promise<Uint8Array> {
  const count = wire[0] ?? 0
  if (count === 0 || count > 127) throw new Error('the transaction has no signature slot')
  const message = wire.subarray(1 + count * 64)
  const signature = await sign(message)
  const signed = new Uint8Array(wire)
  signed.set(signature, 1)
  return signed
}

export interface SolanaTestWallet extends Wallet {
  /** What the wallet was asked, in order (`connect`, `signMessage`, `signAndSendTransaction`, …). */
  readonly requests: string[]
  setBehaviour(behaviour: SolanaTestWalletOptions['behaviour']): void
}

export function createSolanaTestWallet(options: SolanaTestWalletOptions): SolanaTestWallet {
  let behaviour = options.behaviour ?? {}
  const requests: string[] = []
  const account: WalletAccount = {
    address: options.address,
    publicKey: base58Decode(options.address),
    chains: options.chains as IdentifierString[],
    features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
  }
  let accounts: WalletAccount[] = []
  const changeListeners = new Set<(change: { accounts: readonly WalletAccount[] }) => void>()
  const ask = (what: string) => {
    requests.push(what)
    if (behaviour.reject) throw new WalletRejectedError()
  }
  const mine = (input: { account: WalletAccount }) => {
    if (input.account.address !== options.address) throw new Error('unknown account')
  }
  return {
    version: '1.0.0',
    name: options.name ?? 'Latch Solana Test Wallet',
    icon: ICON,
    chains: options.chains as IdentifierString[],
    get accounts() {
      return accounts
    },
    requests,
    setBehaviour(next) {
      behaviour = next ?? {}
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          requests.push(input?.silent ? 'connect (silent)' : 'connect')
          // A silent connect never prompts: it answers with what is already authorised.
          if (!input?.silent) {
            if (behaviour.reject) throw new WalletRejectedError()
            accounts = [account]
          }
          return { accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          requests.push('disconnect')
          accounts = []
          for (const listener of changeListeners) listener({ accounts })
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(_event: 'change', listener: (change: { accounts: readonly WalletAccount[] }) => void) {
          changeListeners.add(listener)
          return () => changeListeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: Array<{ account: WalletAccount; message: Uint8Array }>) {
          ask('signMessage')
          return Promise.all(
            inputs.map(async (input) => {
              mine(input)
              return { signedMessage: input.message, signature: await options.sign(input.message) }
            }),
          )
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(
          ...inputs: Array<{ account: WalletAccount; transaction: Uint8Array }>
        ) {
          ask('signTransaction')
          return Promise.all(
            inputs.map(async (input) => {
              mine(input)
              return { signedTransaction: await signWire(input.transaction, options.sign) }
            }),
          )
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(
          ...inputs: Array<{
            account: WalletAccount
            chain: string
            transaction: Uint8Array
            options?: { skipPreflight?: boolean; preflightCommitment?: string }
          }>
        ) {
          ask('signAndSendTransaction')
          return Promise.all(
            inputs.map(async (input) => {
              mine(input)
              const url = options.rpcUrls[input.chain]
              if (!url) throw new Error(`the wallet has no RPC for ${input.chain}`)
              const signed = await signWire(input.transaction, options.sign)
              const response = await fetch(url, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                  jsonrpc: '2.0',
                  id: 1,
                  method: 'sendTransaction',
                  params: [toBase64(signed), { encoding: 'base64', ...input.options }],
                }),
              })
              const body = (await response.json()) as {
                result?: string
                error?: { message: string }
              }
              if (!body.result) throw new Error(body.error?.message ?? 'sendTransaction failed')
              return { signature: base58Decode(body.result) }
            }),
          )
        },
      },
    },
  } as SolanaTestWallet
}

interface WindowLike {
  addEventListener(type: string, listener: (event: Event & { detail?: unknown }) => void): void
  dispatchEvent(event: Event): boolean
}

type RegisterCallback = (api: { register(...wallets: Wallet[]): () => void }) => void

class RegisterWalletEvent extends Event {
  constructor(readonly detail: RegisterCallback) {
    super('wallet-standard:register-wallet', { bubbles: false, cancelable: false, composed: false })
  }
}

/**
 * Registers the wallet as real wallets do: it announces itself, and answers the app's
 * `wallet-standard:app-ready` in case the app loads later.
 */
export function registerSolanaWallet(
  wallet: Wallet,
  target: WindowLike = (globalThis as { window?: WindowLike }).window ??
    (globalThis as unknown as WindowLike),
): void {
  const callback: RegisterCallback = ({ register }) => void register(wallet)
  target.addEventListener('wallet-standard:app-ready', (event) =>
    callback(event.detail as Parameters<RegisterCallback>[0]),
  )
  target.dispatchEvent(new RegisterWalletEvent(callback))
}
