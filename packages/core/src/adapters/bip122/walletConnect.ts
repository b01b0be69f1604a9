/**
 * A phone wallet's Bitcoin side over a WalletConnect session (the `bip122` namespace), in the
 * adapter's one wallet shape: the session's CAIP-10 accounts (`bip122:<genesis ref>:<address>`)
 * become payment and ordinal accounts, and signing goes out as the namespace's requests
 * (signMessage, signPsbt, sendTransfer, getAccountAddresses) in the shapes Reown's wallets serve.
 * The session itself (pairing, the SDK) is the WalletConnect connector's: this file only needs
 * the few calls of a Sign API client it is handed, so it loads no SDK.
 */
import type { CaipNetwork } from '../../networks/types.js'
import type { SessionClient, SessionNamespace } from '../walletConnect/sessions.js'
import { parseBitcoinAddress } from './address.js'
import { BitcoinWalletError, walletError } from './errors.js'
import { type BitcoinNetworkName, networkNameOf } from './params.js'
import {
  type BitcoinAccount,
  type BitcoinAccountType,
  type BitcoinWallet,
  base64ToBytes,
  bytesToBase64,
  hexToBytes,
  type WalletChange,
} from './wallet.js'

export type { SessionNamespace } from '../walletConnect/sessions.js'

/** The calls of `@walletconnect/sign-client` (or a universal provider's `.client`) used here. */
export type Bip122SessionClient = SessionClient

export interface WalletConnectBitcoinWallet extends BitcoinWallet {
  /** The session it speaks through. */
  readonly topic: string
  /** The wallet builds, signs and broadcasts a transfer itself; resolves with the txid. */
  sendTransfer(options: {
    account: BitcoinAccount
    recipient: string
    amountSats: bigint
    network: BitcoinNetworkName
  }): Promise<string>
}

/** An address the wallet returns from getAccountAddresses (`intention` as Reown's wallets say it). */
interface WalletAddress {
  address: string
  publicKey?: string
  path?: string
  intention?: string
}

// A taproot address is where ordinals live; every other kind pays (spec §9: payment 0, ordinal 1).
const typeOf = (address: string): BitcoinAccountType =>
  parseBitcoinAddress(address)?.type === 'p2tr' ? 'ordinal' : 'payment'

const ORDER: Record<BitcoinAccountType, number> = { payment: 0, ordinal: 1 }

/**
 * The session's accounts on one chain (a CAIP-2 id such as `bip122:0f9188f1…`), payment first.
 * Accounts of other chains, and strings that are no valid Bitcoin address, are left out.
 */
export function bip122SessionAccounts(
  namespaces: Record<string, SessionNamespace>,
  chainId: string,
): BitcoinAccount[] {
  const seen = new Set<string>()
  const accounts: BitcoinAccount[] = []
  for (const caip10 of namespaces.bip122?.accounts ?? []) {
    const at = caip10.lastIndexOf(':')
    const address = caip10.slice(at + 1)
    if (caip10.slice(0, at) !== chainId || seen.has(address)) continue
    if (!parseBitcoinAddress(address)) continue
    seen.add(address)
    accounts.push({ address, type: typeOf(address) })
  }
  return accounts.sort((a, b) => ORDER[a.type] - ORDER[b.type])
}

/** A signature as base64: wallets answer base64 or hex. */
export function signatureToBase64(signature: string): string {
  const text = signature.trim().replace(/^0x/, '')
  return /^([0-9a-fA-F]{2})+$/.test(text) ? bytesToBase64(hexToBytes(text)) : text
}

export interface WalletConnectBitcoinWalletOptions {
  client: Bip122SessionClient
  topic: string
  /** The app's Bitcoin networks: the session's chains are named by them. */
  networks: readonly CaipNetwork[]
  name?: string | undefined
  icon?: string | undefined
  /** The connector id (default `walletconnect:<topic>`). */
  id?: string | undefined
  /**
   * How disconnecting ends the session; by default the client tells the wallet. The web app's
   * connector passes its own, so the session's other namespaces and its stored marker go too.
   */
  end?: (() => Promise<void>) | undefined
}

export function createWalletConnectBitcoinWallet(
  options: WalletConnectBitcoinWalletOptions,
): WalletConnectBitcoinWallet {
  const { client, topic } = options
  const namespace = () => client.session.get(topic).namespaces.bip122
  const chainOf = (network: BitcoinNetworkName) => {
    const found = options.networks.find((n) => networkNameOf(n) === network)
    if (!found) throw new BitcoinWalletError(`The app has no Bitcoin ${network} network`)
    return found.caipNetworkId
  }
  const sessionChains = () =>
    new Set((namespace()?.accounts ?? []).map((a) => a.slice(0, a.lastIndexOf(':'))))
  // The chain a request goes to: the one an account's address belongs to in the session.
  const chainFor = (address: string) => {
    const entry = namespace()?.accounts.find((a) => a.endsWith(`:${address}`))
    if (!entry) throw new BitcoinWalletError(`The session has no account ${address}`)
    return entry.slice(0, entry.lastIndexOf(':'))
  }
  const request = async <T>(chainId: string, method: string, params: unknown, what: string) => {
    try {
      return await client.request<T>({ topic, chainId, request: { method, params } })
    } catch (cause) {
      throw walletError(cause, what)
    }
  }

  /** The session's accounts, with the public keys and purposes the wallet tells when asked. */
  async function accountsOn(network: BitcoinNetworkName): Promise<BitcoinAccount[]> {
    const chainId = chainOf(network)
    const accounts = bip122SessionAccounts(client.session.get(topic).namespaces, chainId)
    const first = accounts[0]
    if (!first || !namespace()?.methods.includes('getAccountAddresses')) return accounts
    let told: WalletAddress[]
    try {
      told = await request<WalletAddress[]>(
        chainId,
        'getAccountAddresses',
        { account: first.address, intentions: ['payment', 'ordinal'] },
        'list its addresses',
      )
    } catch {
      // The session's accounts are enough to work with; the details are a bonus.
      return accounts
    }
    const byAddress = new Map((Array.isArray(told) ? told : []).map((a) => [a.address, a]))
    return accounts
      .map((account) => {
        const detail = byAddress.get(account.address)
        if (!detail) return account
        const type: BitcoinAccountType =
          detail.intention === 'ordinal' ? 'ordinal' : detail.intention ? 'payment' : account.type
        return { ...account, type, publicKey: detail.publicKey, path: detail.path }
      })
      .sort((a, b) => ORDER[a.type] - ORDER[b.type])
  }

  const listeners = new Set<(change: WalletChange) => void>()
  const emit = (change: WalletChange) => {
    for (const listener of listeners) listener(change)
  }
  const onDelete = (payload: { topic: string }) => {
    if (payload.topic === topic) emit({ disconnected: true })
  }
  const onUpdate = (payload: { topic: string }) => {
    if (payload.topic !== topic) return
    const [chainId] = sessionChains()
    const network = options.networks.find((n) => n.caipNetworkId === chainId)
    if (!chainId || !network) return
    emit({
      accounts: bip122SessionAccounts(client.session.get(topic).namespaces, chainId),
      network: networkNameOf(network),
    })
  }
  const onEvent = (payload: {
    topic: string
    params: { event: { name: string; data: unknown }; chainId: string }
  }) => {
    if (payload.topic !== topic || payload.params.event.name !== 'bip122_addressesChanged') return
    const data = payload.params.event.data
    const addresses = Array.isArray(data)
      ? data.map((d) => (typeof d === 'string' ? d : (d as WalletAddress)?.address))
      : []
    emit({
      accounts: addresses
        .filter((a): a is string => typeof a === 'string' && !!parseBitcoinAddress(a))
        .map((address) => ({ address, type: typeOf(address) }))
        .sort((a, b) => ORDER[a.type] - ORDER[b.type]),
    })
  }

  return {
    id: options.id ?? `walletconnect:${topic}`,
    topic,
    name: options.name ?? 'WalletConnect',
    icon: options.icon,
    source: 'walletconnect',
    get networks() {
      const chains = sessionChains()
      return options.networks.filter((n) => chains.has(n.caipNetworkId)).map(networkNameOf)
    },
    async connect({ network }) {
      // The pairing asked already; a session without this chain's accounts has none to give.
      const accounts = await accountsOn(network)
      if (accounts.length === 0)
        throw new BitcoinWalletError(`The wallet approved no Bitcoin ${network} account`)
      return accounts
    },
    async disconnect() {
      await (
        options.end?.() ??
        client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
      ).catch(() => undefined)
    },
    async signMessage({ account, message, protocol }) {
      const answer = await request<{ signature?: unknown }>(
        chainFor(account.address),
        'signMessage',
        { account: account.address, address: account.address, message, protocol },
        'sign the message',
      )
      if (typeof answer?.signature !== 'string' || answer.signature.length === 0)
        throw new BitcoinWalletError('The wallet answered no signature')
      return signatureToBase64(answer.signature)
    },
    async signPsbt({ psbt, account, signIndexes, network }) {
      const answer = await request<{ psbt?: unknown }>(
        chainOf(network),
        'signPsbt',
        {
          account: account.address,
          psbt: bytesToBase64(psbt),
          signInputs: signIndexes.map((index) => ({ address: account.address, index })),
          // Latch broadcasts through its node, so the UI can show the node's reason for a refusal.
          broadcast: false,
        },
        'sign the transaction',
      )
      if (typeof answer?.psbt !== 'string')
        throw new BitcoinWalletError('The wallet answered no PSBT')
      return base64ToBytes(answer.psbt)
    },
    async sendTransfer({ account, recipient, amountSats, network }) {
      const answer = await request<{ txid?: unknown }>(
        chainOf(network),
        'sendTransfer',
        { account: account.address, recipientAddress: recipient, amount: amountSats.toString() },
        'send the transfer',
      )
      if (typeof answer?.txid !== 'string' || !/^[0-9a-f]{64}$/i.test(answer.txid))
        throw new BitcoinWalletError('The wallet answered no transaction id')
      return answer.txid.toLowerCase()
    },
    onChange(listener) {
      if (listeners.size === 0) {
        client.on('session_delete', onDelete as never)
        client.on('session_update', onUpdate as never)
        client.on('session_event', onEvent as never)
      }
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        client.off('session_delete', onDelete as never)
        client.off('session_update', onUpdate as never)
        client.off('session_event', onEvent as never)
      }
    },
  }
}
