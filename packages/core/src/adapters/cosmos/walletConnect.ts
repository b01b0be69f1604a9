/**
 * A phone wallet's Cosmos side over a WalletConnect session (the `cosmos` namespace), in the
 * adapter's one wallet shape: a Keplr-API object whose calls go out as the namespace's requests.
 * The session's CAIP-10 accounts (`cosmos:<chain id>:<address>`) say which chains are enabled,
 * `cosmos_getAccounts` gives the public key, sends are signed with `cosmos_signDirect` (or
 * `cosmos_signAmino` when the wallet offers only that) and an ADR-036 message is the amino sign
 * doc signed with `cosmos_signAmino`. The session itself (pairing, the SDK) is the WalletConnect
 * connector's: this file needs only the few calls of a Sign API client, so it loads no SDK.
 */
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { TxBody } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import type { StorageBackend } from '../../storage/backend.js'
import type { SessionClient, SessionNamespace } from '../walletConnect/sessions.js'
import { parseCosmosAddress } from './address.js'
import { CosmosWalletError, walletError } from './errors.js'
import type {
  CosmosWallet,
  KeplrAminoSigner,
  KeplrDirectSigner,
  KeplrKey,
  KeplrLike,
  KeplrStdSignature,
} from './keplr.js'
import { fromBase64, toBase64 } from './rpc.js'

/** What a session wallet tells the adapter between requests. */
export type SessionWalletChange = { disconnected: true } | { accountsChanged: true }

export interface WalletConnectCosmosWallet extends CosmosWallet {
  /** The session it speaks through. */
  readonly topic: string
  readonly icon?: string | undefined
  /** The session ended, or the wallet changed its accounts (the adapter reads its key again). */
  onSessionChange(listener: (change: SessionWalletChange) => void): () => void
}

/** The wallet refused `cosmos_signDirect` as a method it lacks: the send is signed amino instead. */
export class CosmosDirectUnsupportedError extends CosmosWalletError {
  override name = 'CosmosDirectUnsupportedError'
}

/** An account as `cosmos_getAccounts` answers it. */
interface SessionAccount {
  address?: unknown
  algo?: unknown
  pubkey?: unknown
}

// Codes for "no such method": JSON-RPC's, and the Sign API's UNSUPPORTED_METHODS and INVALID_METHOD.
const UNSUPPORTED = new Set([-32601, 5101, 1001])

/** The session's accounts on `chainId` (a chain id such as `cosmoshub-4`, not CAIP-2). */
export function cosmosSessionAccounts(
  namespaces: Record<string, SessionNamespace>,
  chainId: string,
): string[] {
  const out: string[] = []
  for (const caip10 of namespaces.cosmos?.accounts ?? []) {
    const at = caip10.lastIndexOf(':')
    const address = caip10.slice(at + 1)
    if (caip10.slice(0, at) !== `cosmos:${chainId}` || out.includes(address)) continue
    if (parseCosmosAddress(address)) out.push(address)
  }
  return out
}

/** Whether `pubkey` (33-byte compressed secp256k1) is the key `address` was made from. */
export function keyMakesAddress(pubkey: Uint8Array, address: string): boolean {
  const parsed = parseCosmosAddress(address)
  return !!parsed && pubkey.length === 33 && sameBytes(ripemd160(sha256(pubkey)), parsed.data)
}

const KEYS_KEY = '@latch/cosmos/walletconnect-keys'

export interface WalletConnectCosmosWalletOptions {
  client: SessionClient
  topic: string
  name?: string | undefined
  icon?: string | undefined
  /** The connector id (default `walletconnect:<topic>`). */
  id?: string | undefined
  /**
   * Where the accounts' public keys are kept, so a reload reconnects without asking the phone
   * (which may be asleep) before the page needs a signature.
   */
  storage?: StorageBackend | undefined
  /**
   * How disconnecting ends the session; by default the client tells the wallet. The web app's
   * connector passes its own, so the session's other namespaces and its stored marker go too.
   */
  end?: (() => Promise<void>) | undefined
}

export function createWalletConnectCosmosWallet(
  options: WalletConnectCosmosWalletOptions,
): WalletConnectCosmosWallet {
  const { client, topic } = options
  const name = options.name ?? 'WalletConnect'
  const namespace = () => client.session.get(topic).namespaces.cosmos
  const offers = (method: string) => namespace()?.methods.includes(method) ?? false
  // Once the wallet said it has no cosmos_signDirect, sends go amino without asking again.
  let directRefused = false

  const request = async <T>(chainId: string, method: string, params: unknown, what: string) => {
    try {
      return await client.request<T>({
        topic,
        chainId: `cosmos:${chainId}`,
        request: { method, params },
      })
    } catch (cause) {
      const code = (cause as { code?: unknown } | undefined)?.code
      if (method === 'cosmos_signDirect' && typeof code === 'number' && UNSUPPORTED.has(code)) {
        directRefused = true
        throw new CosmosDirectUnsupportedError(`${name} does not sign direct`, { cause })
      }
      throw walletError(cause, what)
    }
  }

  const mustHold = (chainId: string, address: string) => {
    if (!cosmosSessionAccounts(client.session.get(topic).namespaces, chainId).includes(address))
      throw new CosmosWalletError(`The session has no account ${address} on ${chainId}`)
  }

  const readKeys = (): Record<string, string> => {
    try {
      return JSON.parse(options.storage?.getItem(KEYS_KEY) ?? '{}') ?? {}
    } catch {
      return {}
    }
  }
  // Keys of this session only: an ended session's entries go when another is stored.
  const keepKey = (address: string, pubkey: Uint8Array) =>
    options.storage?.setItem(
      KEYS_KEY,
      JSON.stringify({
        ...Object.fromEntries(
          Object.entries(readKeys()).filter(([k]) => k.startsWith(`${topic}:`)),
        ),
        [`${topic}:${address}`]: toBase64(pubkey),
      }),
    )

  /** The public key of `address`: kept from before, or asked of the wallet and checked. */
  async function pubkeyOf(chainId: string, address: string): Promise<Uint8Array> {
    const kept = readKeys()[`${topic}:${address}`]
    if (kept) {
      const pubkey = fromBase64(kept)
      if (keyMakesAddress(pubkey, address)) return pubkey
    }
    const accounts = await request<SessionAccount[]>(
      chainId,
      'cosmos_getAccounts',
      {},
      'share its account',
    )
    const account = (Array.isArray(accounts) ? accounts : []).find((a) => a?.address === address)
    if (typeof account?.pubkey !== 'string')
      throw new CosmosWalletError(`${name} answered no public key for ${address}`)
    const pubkey = fromBase64(account.pubkey)
    // A key that does not make the address would sign transactions the node refuses, or let a
    // page think another account is connected.
    if (!keyMakesAddress(pubkey, address))
      throw new CosmosWalletError(`${name} answered a public key that is not ${address}'s`)
    keepKey(address, pubkey)
    return pubkey
  }

  const amino = (chainId: string): KeplrAminoSigner => ({
    getAccounts: async () => [],
    async signAmino(signerAddress, signDoc) {
      mustHold(chainId, signerAddress)
      const answer = await request<{ signed?: unknown; signature?: KeplrStdSignature }>(
        chainId,
        'cosmos_signAmino',
        { signerAddress, signDoc },
        'sign the transaction',
      )
      if (!answer?.signed || typeof answer.signature?.signature !== 'string')
        throw new CosmosWalletError(`${name} answered no signature`)
      return { signed: answer.signed, signature: answer.signature }
    },
  })

  const direct = (chainId: string): KeplrDirectSigner => ({
    getAccounts: async () => [],
    async signDirect(signerAddress, doc) {
      mustHold(chainId, signerAddress)
      const answer = await request<{
        signed?: { bodyBytes?: unknown; authInfoBytes?: unknown; chainId?: unknown }
        signature?: KeplrStdSignature
      }>(
        chainId,
        'cosmos_signDirect',
        {
          signerAddress,
          signDoc: {
            chainId: doc.chainId,
            accountNumber: doc.accountNumber.toString(),
            authInfoBytes: toBase64(doc.authInfoBytes),
            bodyBytes: toBase64(doc.bodyBytes),
          },
        },
        'sign the transaction',
      )
      const signed = answer?.signed
      if (
        typeof signed?.bodyBytes !== 'string' ||
        typeof signed.authInfoBytes !== 'string' ||
        typeof answer?.signature?.signature !== 'string'
      )
        throw new CosmosWalletError(`${name} answered no signed transaction`)
      const bodyBytes = fromBase64(signed.bodyBytes)
      // The wallet may change the fee (its user may), not what the transaction does: the page
      // shows and follows the send it asked for.
      if (
        (signed.chainId !== undefined && signed.chainId !== doc.chainId) ||
        !sameMessages(bodyBytes, doc.bodyBytes)
      )
        throw new CosmosWalletError('The wallet signed a different message than the one asked for')
      return {
        signed: {
          bodyBytes,
          authInfoBytes: fromBase64(signed.authInfoBytes),
          chainId: doc.chainId,
          accountNumber: doc.accountNumber,
        },
        signature: answer.signature,
      }
    },
  })

  const api: KeplrLike = {
    async enable(chainIds) {
      const namespaces = client.session.get(topic).namespaces
      for (const chainId of [chainIds].flat())
        if (cosmosSessionAccounts(namespaces, chainId).length === 0)
          throw new CosmosWalletError(`${name} approved no account on ${chainId}`)
    },
    async getKey(chainId): Promise<KeplrKey> {
      const [address] = cosmosSessionAccounts(client.session.get(topic).namespaces, chainId)
      if (!address) throw new CosmosWalletError(`${name} approved no account on ${chainId}`)
      const pubKey = await pubkeyOf(chainId, address)
      return {
        name,
        algo: 'secp256k1',
        pubKey,
        address: parseCosmosAddress(address)?.data ?? new Uint8Array(),
        bech32Address: address,
        isNanoLedger: false,
      }
    },
    async signArbitrary(chainId, signer, data) {
      mustHold(chainId, signer)
      const doc = adr36SignDoc(signer, data)
      const answer = await request<{ signed?: unknown; signature?: KeplrStdSignature }>(
        chainId,
        'cosmos_signAmino',
        { signerAddress: signer, signDoc: doc },
        'sign the message',
      )
      // Checked here: an answer over another document would fail sign-in with no reason given.
      const signature = answer?.signature
      const text = JSON.stringify({ pub_key: signature?.pub_key, signature: signature?.signature })
      // The check's chunk (noble's secp256k1) loads with the first message, as the verifier's does.
      const { verifyCosmosMessage } = await import('./verifyMessage.js')
      if (!(await verifyCosmosMessage({ address: signer, message: data, signature: text })))
        throw new CosmosWalletError(`${name} answered no valid signature of the message`)
      return signature as KeplrStdSignature
    },
    get getOfflineSigner() {
      if (directRefused || !offers('cosmos_signDirect')) return undefined
      return (chainId: string) => Object.assign(direct(chainId), amino(chainId))
    },
    get getOfflineSignerOnlyAmino() {
      if (!offers('cosmos_signAmino')) return undefined
      return amino
    },
    async disable() {
      await (
        options.end?.() ??
        client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
      ).catch(() => undefined)
    },
  }

  const listeners = new Set<(change: SessionWalletChange) => void>()
  const emit = (change: SessionWalletChange) => {
    for (const listener of [...listeners]) listener(change)
  }
  const onDelete = (payload: { topic: string }) => {
    if (payload.topic === topic) emit({ disconnected: true })
  }
  const onUpdate = (payload: { topic: string }) => {
    if (payload.topic === topic) emit({ accountsChanged: true })
  }
  const onEvent = (payload: { topic: string; params?: { event?: { name?: string } } }) => {
    if (payload.topic === topic && payload.params?.event?.name === 'accountsChanged')
      emit({ accountsChanged: true })
  }

  return {
    id: options.id ?? `walletconnect:${topic}`,
    name,
    icon: options.icon,
    topic,
    // Nothing on the window: the session's own events say when the accounts change.
    keystoreEvent: `walletconnect:${topic}`,
    api: () => api,
    onSessionChange(listener) {
      if (listeners.size === 0) {
        client.on('session_delete', onDelete)
        client.on('session_update', onUpdate)
        client.on('session_event', onEvent as never)
      }
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        client.off('session_delete', onDelete)
        client.off('session_update', onUpdate)
        client.off('session_event', onEvent as never)
      }
    },
  }
}

/** ADR-036's document for `data` signed by `signer`: an amino StdSignDoc of one MsgSignData. */
export function adr36SignDoc(signer: string, data: string) {
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    msgs: [
      {
        type: 'sign/MsgSignData',
        value: { signer, data: toBase64(new TextEncoder().encode(data)) },
      },
    ],
    memo: '',
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i])

/** Whether two TxBody encodings carry the same messages (memo and options may differ). */
function sameMessages(a: Uint8Array, b: Uint8Array): boolean {
  try {
    const encode = (bytes: Uint8Array) =>
      TxBody.decode(bytes).messages.map((m) => `${m.typeUrl}:${toBase64(m.value)}`)
    return JSON.stringify(encode(a)) === JSON.stringify(encode(b))
  } catch {
    return false
  }
}

export function isSessionWallet(wallet: CosmosWallet): wallet is WalletConnectCosmosWallet {
  return typeof (wallet as Partial<WalletConnectCosmosWallet>).onSessionChange === 'function'
}
