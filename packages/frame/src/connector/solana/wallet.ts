import { base58 } from '@scure/base'
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
// Types only: the frame client loads with the first sign-in, not with the page.
import type { EmbeddedWallet, EmbeddedWalletUser } from '../../client/wallet.js'
import { AuthSessionMissingError } from '../errors.js'

/** The Solana features the embedded wallet answers (docs/embedded-wallet.md#solana-transactions). */
const SOLANA_FEATURES = [
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
] as const

// An envelope: the wallet is offered as the email field, so the icon is never a list row.
const ICON: WalletIcon =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAyNCAyNCI+PHJlY3QgeD0iMyIgeT0iNSIgd2lkdGg9IjE4IiBoZWlnaHQ9IjE0IiByeD0iMiIgZmlsbD0ibm9uZSIgc3Ryb2tlPSIjNDQ0IiBzdHJva2Utd2lkdGg9IjIiLz48cGF0aCBkPSJNMyA3bDkgNiA5LTYiIGZpbGw9Im5vbmUiIHN0cm9rZT0iIzQ0NCIgc3Ryb2tlLXdpZHRoPSIyIi8+PC9zdmc+'

type ChangeListener = (change: { accounts: readonly WalletAccount[] }) => void

export interface EmbeddedSolanaWalletOptions {
  /** The Solana clusters the app offers, CAIP-2 (`solana:<genesis hash prefix>`). */
  chains: readonly `solana:${string}`[]
  /** The embedded wallet, loading the frame on first use. */
  load(): Promise<EmbeddedWallet>
  /** Told the user each time a connect reads it. */
  onUser(user: EmbeddedWalletUser): void
  /** Signs the visitor out of the frame session, which every namespace shares. */
  signOut(): Promise<void>
}

export type EmbeddedSolanaWallet = Wallet & {
  /** Forgets the account without asking the frame: the shared session ended elsewhere. */
  signedOut(): void
}

/**
 * The embedded wallet's Solana account as a wallet-standard wallet, for `createSolanaAdapter({
 * embeddedWallet })`. It is never registered with the page's wallet list: only this app's
 * adapter holds it. Signing goes through the frame's approval view. `createAuthConnector`'s
 * `loadSolanaWallet` imports this module on the first Solana connect, so it costs an app nothing
 * until an email user picks Solana.
 */
export function createEmbeddedSolanaWallet(
  options: EmbeddedSolanaWalletOptions,
): EmbeddedSolanaWallet {
  const listeners = new Set<ChangeListener>()
  let accounts: readonly WalletAccount[] = []
  const setAccounts = (next: readonly WalletAccount[]) => {
    accounts = next
    for (const listener of listeners) listener({ accounts })
  }
  function account(address: string): WalletAccount {
    return {
      address,
      publicKey: base58.decode(address),
      chains: options.chains,
      features: SOLANA_FEATURES,
    }
  }

  async function request<result>(method: string, params: unknown, chain?: string) {
    const wallet = await options.load()
    return (await wallet.request({
      method,
      params,
      chainId: chain ?? options.chains[0],
    })) as result
  }

  const mine = (input: { account: WalletAccount }) => {
    if (!accounts.some((a) => a.address === input.account.address))
      throw new Error(`${input.account.address} is not the signed-in account`)
  }

  return {
    version: '1.0.0',
    name: 'Email',
    icon: ICON,
    chains: options.chains,
    get accounts() {
      return accounts
    },
    signedOut() {
      if (accounts.length > 0) setAccounts([])
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          const wallet = await options.load()
          if (!(await wallet.isConnected())) {
            if (input?.silent) return { accounts: [] }
            throw new AuthSessionMissingError()
          }
          const user = await wallet.getUser({ chainId: options.chains[0] })
          options.onUser(user)
          if (accounts[0]?.address !== user.address) setAccounts([account(user.address)])
          return { accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          setAccounts([])
          await options.signOut()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(_event: 'change', listener: ChangeListener) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        async signMessage(...inputs: Array<{ account: WalletAccount; message: Uint8Array }>) {
          const outputs = []
          for (const input of inputs) {
            mine(input)
            const { signature } = await request<{ signature: string }>('solana_signMessage', {
              message: base58.encode(input.message),
              pubkey: input.account.address,
            })
            outputs.push({ signedMessage: input.message, signature: base58.decode(signature) })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(
          ...inputs: Array<{ account: WalletAccount; chain?: string; transaction: Uint8Array }>
        ) {
          const outputs = []
          for (const input of inputs) {
            mine(input)
            const { transaction } = await request<{ transaction: string }>(
              'solana_signTransaction',
              { transaction: base58.encode(input.transaction) },
              input.chain,
            )
            outputs.push({ signedTransaction: base58.decode(transaction) })
          }
          return outputs
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
            options?: Record<string, unknown>
          }>
        ) {
          const outputs = []
          for (const input of inputs) {
            mine(input)
            const { signature } = await request<{ signature: string }>(
              'solana_signAndSendTransaction',
              {
                transaction: base58.encode(input.transaction),
                ...(input.options ? { options: input.options } : {}),
              },
              input.chain,
            )
            outputs.push({ signature: base58.decode(signature) })
          }
          return outputs
        },
      },
    },
  }
}
