/**
 * Bitcoin wallets of the wallet standard (Phantom, Exodus, MetaMask, …): `bitcoin:connect` with
 * purposes, `bitcoin:signMessage`, `bitcoin:signTransaction` (a PSBT and the inputs each account
 * signs), as @exodus/bitcoin-wallet-standard-features defines them, plus the standard's events.
 */
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { BitcoinNetworkName } from './params.js'
import {
  type BitcoinAccount,
  type BitcoinWallet,
  bytesToBase64,
  bytesToHex,
  type WalletChange,
} from './wallet.js'

export const BITCOIN_CONNECT = 'bitcoin:connect'
export const BITCOIN_SIGN_MESSAGE = 'bitcoin:signMessage'
export const BITCOIN_SIGN_TRANSACTION = 'bitcoin:signTransaction'
const STANDARD_CONNECT = 'standard:connect'
const STANDARD_DISCONNECT = 'standard:disconnect'
const STANDARD_EVENTS = 'standard:events'

type Purpose = 'payment' | 'ordinals'
interface BitcoinWalletAccount extends WalletAccount {
  /** Not in the standard's type, but wallets set it (Phantom, Xverse) and AppKit reads it. */
  purpose?: Purpose | 'ordinal'
}
interface ConnectFeature {
  connect(input: { purposes: Purpose[] }): Promise<{ accounts: readonly WalletAccount[] }>
}
interface StandardConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>
}
interface SignMessageFeature {
  signMessage(
    ...inputs: Array<{ account: WalletAccount; message: Uint8Array }>
  ): Promise<ReadonlyArray<{ signedMessage: Uint8Array; signature: Uint8Array }>>
}
interface SignTransactionFeature {
  signTransaction(
    ...inputs: Array<{
      psbt: Uint8Array
      inputsToSign: Array<{ account: WalletAccount; signingIndexes: number[] }>
      chain?: string
    }>
  ): Promise<ReadonlyArray<{ signedPsbt: Uint8Array }>>
}
interface EventsFeature {
  on(
    event: 'change',
    listener: (change: { accounts?: readonly WalletAccount[]; chains?: readonly string[] }) => void,
  ): () => void
}

const feature = <T>(wallet: Wallet, name: string) =>
  (wallet.features as Record<string, unknown>)[name] as T | undefined

/** The standard's chain ids for Bitcoin (`bitcoin:mainnet`, …). */
export const standardChain = (network: BitcoinNetworkName) => `bitcoin:${network}`

export function isBitcoinStandardWallet(wallet: Wallet): boolean {
  return feature(wallet, BITCOIN_CONNECT) !== undefined
}

function toAccounts(list: readonly WalletAccount[]): BitcoinAccount[] {
  const seen = new Set<string>()
  const out: BitcoinAccount[] = []
  for (const [i, account] of list.entries()) {
    if (seen.has(account.address)) continue
    seen.add(account.address)
    const purpose = (account as BitcoinWalletAccount).purpose
    // Without a purpose the order is the one asked for: payment first, then ordinals.
    const ordinal = purpose ? purpose !== 'payment' : i > 0
    out.push({
      address: account.address,
      type: ordinal ? 'ordinal' : 'payment',
      publicKey: account.publicKey?.length ? bytesToHex(account.publicKey) : undefined,
    })
  }
  return out
}

export function standardBitcoinWallet(wallet: Wallet): BitcoinWallet {
  const chainNames = wallet.chains
    .filter((c) => c.startsWith('bitcoin:'))
    .map((c) => c.slice('bitcoin:'.length) as BitcoinNetworkName)
  const accountOf = (address: string) => {
    const found = wallet.accounts.find((a) => a.address === address)
    if (!found) throw new Error(`${wallet.name} holds no account ${address}`)
    return found
  }
  function required<T>(name: string): T {
    const found = feature<T>(wallet, name)
    if (!found) throw new Error(`${wallet.name} has no ${name}`)
    return found
  }
  return {
    id: `wallet-standard:${wallet.name}`,
    name: wallet.name,
    icon: wallet.icon,
    source: 'wallet-standard',
    // A wallet naming no Bitcoin chain in the standard's form is judged by its addresses.
    networks: chainNames.length ? chainNames : undefined,
    async connect({ silent }) {
      if (silent) {
        // The standard's silent connect where there is one; else what is already authorised.
        const standard = feature<StandardConnectFeature>(wallet, STANDARD_CONNECT)
        const accounts = standard
          ? (await standard.connect({ silent: true })).accounts
          : wallet.accounts
        return toAccounts(accounts)
      }
      const { accounts } = await required<ConnectFeature>(BITCOIN_CONNECT).connect({
        purposes: ['payment', 'ordinals'],
      })
      return toAccounts(accounts)
    },
    async disconnect() {
      await feature<{ disconnect(): Promise<void> }>(wallet, STANDARD_DISCONNECT)?.disconnect()
    },
    async signMessage({ account, message }) {
      const [output] = await required<SignMessageFeature>(BITCOIN_SIGN_MESSAGE).signMessage({
        account: accountOf(account.address),
        message: new TextEncoder().encode(message),
      })
      if (!output) throw new Error(`${wallet.name} returned no signature`)
      return bytesToBase64(output.signature)
    },
    async signPsbt({ psbt, account, signIndexes, network }) {
      const [output] = await required<SignTransactionFeature>(
        BITCOIN_SIGN_TRANSACTION,
      ).signTransaction({
        psbt,
        inputsToSign: [{ account: accountOf(account.address), signingIndexes: [...signIndexes] }],
        chain: standardChain(network),
      })
      if (!output) throw new Error(`${wallet.name} returned no PSBT`)
      return output.signedPsbt
    },
    onChange(listener: (change: WalletChange) => void) {
      const events = feature<EventsFeature>(wallet, STANDARD_EVENTS)
      if (!events) return () => {}
      return events.on('change', (change) => {
        if (change.accounts)
          listener(
            change.accounts.length
              ? { accounts: toAccounts(change.accounts) }
              : { disconnected: true },
          )
      })
    },
  }
}

/** The Bitcoin wallets registered through the wallet standard, now and as they come and go. */
export function watchStandardWallets(onChange: () => void): {
  list(): BitcoinWallet[]
  stop(): void
} {
  const api = getWallets()
  const cache = new Map<Wallet, BitcoinWallet>()
  const offRegister = api.on('register', onChange)
  const offUnregister = api.on('unregister', onChange)
  return {
    list() {
      return api
        .get()
        .filter(isBitcoinStandardWallet)
        .map((w) => {
          const known = cache.get(w) ?? standardBitcoinWallet(w)
          cache.set(w, known)
          return known
        })
    },
    stop() {
      offRegister()
      offUnregister()
    },
  }
}
