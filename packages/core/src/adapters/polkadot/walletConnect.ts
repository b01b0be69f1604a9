/**
 * A phone wallet's Polkadot side over a WalletConnect session (the `polkadot` namespace), in the
 * shape the adapter already speaks: an injected extension. The session's CAIP-10 accounts
 * (`polkadot:<genesis ref>:<ss58>`) are its accounts, kept for their chain; its signer sends
 * `polkadot_signMessage` for signRaw and `polkadot_signTransaction` for the payload @polkadot/api
 * builds, so transfers, fees and the deposit checks are the extension path's own. The session
 * (pairing, the SDK) is the WalletConnect connector's: this file needs only the few calls of a
 * Sign API client it is handed, and loads no SDK.
 */
import type { SessionClient, SessionNamespace } from '../walletConnect/sessions.js'
import { PolkadotWalletError, walletError } from './errors.js'
import type {
  InjectedAccount,
  InjectedExtension,
  InjectedSigner,
  PolkadotExtension,
  SignerPayloadRaw,
  SignerResult,
} from './extensions.js'
import { decodeSs58 } from './ss58.js'

/** The part of @polkadot/api's SignerPayloadJSON this file reads; the rest goes to the wallet as is. */
interface PayloadJson {
  address: string
  genesisHash: string
}

const hex = (bytes: Uint8Array) =>
  `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`

/** One session account: the chain it was approved on and its SS58 spelling there. */
interface SessionAccount {
  chainId: string
  address: string
  accountId: string
}

/** The session's polkadot accounts that are SS58 addresses, in the session's order. */
export function polkadotSessionAccounts(
  namespaces: Record<string, SessionNamespace>,
): SessionAccount[] {
  const out: SessionAccount[] = []
  for (const caip10 of namespaces.polkadot?.accounts ?? []) {
    const at = caip10.lastIndexOf(':')
    const chainId = caip10.slice(0, at)
    const address = caip10.slice(at + 1)
    const decoded = decodeSs58(address)
    if (!chainId.startsWith('polkadot:') || !decoded) continue
    out.push({ chainId, address, accountId: hex(decoded.accountId) })
  }
  return out
}

/**
 * As an extension lists them: each account kept for the chain it was approved on. The CAIP-2
 * reference is the genesis hash's first 32 hex digits, all `accountsOn` compares.
 */
export const injectedAccountsOf = (accounts: readonly SessionAccount[]): InjectedAccount[] =>
  accounts.map(({ chainId, address }) => ({
    address,
    genesisHash: `0x${chainId.slice('polkadot:'.length)}`,
    // The session does not say; sr25519 is what Polkadot wallets make.
    type: 'sr25519',
  }))

/**
 * What polkadot_signMessage carries: the text itself, which the wallet shows and signs inside
 * <Bytes>…</Bytes>. Wallets built on polkadot-js read a `0x…` string as hex, so a text that looks
 * like hex (or is not UTF-8) goes as the hex of its bytes: the bytes signed are the same either way.
 */
export function messageParam(data: string): string {
  const bytes = new Uint8Array(
    (data.replace(/^0x/, '').match(/../g) ?? []).map((b) => parseInt(b, 16)),
  )
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return data
  }
  return /^0x[0-9a-fA-F]*$/.test(text) ? data : text
}

/** The wallet's signature: hex, with or without 0x. */
function signatureOf(answer: unknown): string {
  const signature = (answer as { signature?: unknown } | null)?.signature
  if (typeof signature !== 'string')
    throw new PolkadotWalletError('The wallet answered no signature')
  const text = signature.startsWith('0x') ? signature : `0x${signature}`
  if (!/^0x([0-9a-fA-F]{2}){64,66}$/.test(text))
    throw new PolkadotWalletError('The wallet answered something that is no signature')
  return text.toLowerCase()
}

export interface WalletConnectPolkadotOptions {
  client: SessionClient
  topic: string
  /** The connector id (default `walletconnect:<topic>`). */
  id?: string | undefined
  name?: string | undefined
  icon?: string | undefined
}

/** The session as an extension entry (`enable` answers at once: the pairing asked already). */
export function createWalletConnectPolkadotExtension(
  options: WalletConnectPolkadotOptions,
): PolkadotExtension {
  const { client, topic } = options
  const accounts = () => polkadotSessionAccounts(client.session.get(topic).namespaces)
  let id = 0

  /** The chain a request for `address` goes to, and the account spelled as the session has it. */
  function sessionAccount(address: string, chainId?: string): SessionAccount {
    const decoded = decodeSs58(address)
    const wanted = decoded && hex(decoded.accountId)
    const mine = accounts().filter((a) => a.accountId === wanted)
    const found = mine.find((a) => chainId === undefined || a.chainId === chainId)
    if (!found)
      throw new PolkadotWalletError(
        `The session has no account ${address}${chainId ? ` on ${chainId}` : ''}`,
      )
    return found
  }

  async function request(chainId: string, method: string, params: unknown, what: string) {
    try {
      return await client.request<unknown>({ topic, chainId, request: { method, params } })
    } catch (cause) {
      throw walletError(cause, what)
    }
  }

  const signer: InjectedSigner = {
    async signRaw(raw: SignerPayloadRaw): Promise<SignerResult> {
      // A raw 'payload' could be a transaction's bytes: only wrapped messages go to the phone.
      if (raw.type !== 'bytes')
        throw new PolkadotWalletError('Only messages are signed raw over WalletConnect')
      const account = sessionAccount(raw.address)
      const answer = await request(
        account.chainId,
        'polkadot_signMessage',
        { address: account.address, message: messageParam(raw.data) },
        'sign the message',
      )
      return { id: ++id, signature: signatureOf(answer) }
    },
    async signPayload(payload: unknown): Promise<SignerResult> {
      const json = payload as PayloadJson
      const chainId = `polkadot:${String(json.genesisHash).replace(/^0x/, '').slice(0, 32)}`
      const account = sessionAccount(json.address, chainId)
      const answer = await request(
        chainId,
        'polkadot_signTransaction',
        { address: account.address, transactionPayload: payload },
        'sign the transaction',
      )
      return { id: ++id, signature: signatureOf(answer) }
    },
  }

  const injected: InjectedExtension = {
    name: options.name,
    signer,
    accounts: {
      get: async () => injectedAccountsOf(accounts()),
      subscribe(listener) {
        // Accounts follow the session; an ended session leaves none, which drops the connection.
        const onDelete = (payload: { topic: string }) => {
          if (payload.topic === topic) listener([])
        }
        const onChange = (payload: { topic: string }) => {
          if (payload.topic !== topic) return
          try {
            listener(injectedAccountsOf(accounts()))
          } catch {
            listener([])
          }
        }
        client.on('session_delete', onDelete)
        client.on('session_update', onChange)
        client.on('session_event', onChange)
        return () => {
          client.off('session_delete', onDelete)
          client.off('session_update', onChange)
          client.off('session_event', onChange)
        }
      },
    },
  }

  const name = options.name ?? 'WalletConnect'
  return {
    id: options.id ?? `walletconnect:${topic}`,
    key: 'walletconnect',
    name,
    icon: options.icon,
    entry: { enable: async () => injected },
  }
}
