/**
 * Polkadot browser extensions, found as every Substrate dapp finds them: each puts an entry on
 * `window.injectedWeb3` under its own key (`polkadot-js`, `talisman`, `subwallet-js`, …) with
 * `enable(appName)`, which asks the visitor and resolves with the accounts and a signer. Plain
 * code: it loads with the page, before @polkadot/api.
 */
import type { CaipNetwork } from '../../networks/types.js'
import type { Connector } from '../../stores/connectors.js'

export type PolkadotKeyType = 'sr25519' | 'ed25519' | 'ecdsa' | 'ethereum'

/** An account as an extension lists it: the address in the generic prefix (42) as a rule. */
export interface InjectedAccount {
  address: string
  /** A chain the account is kept for; null or absent: any chain. */
  genesisHash?: string | null | undefined
  name?: string | undefined
  type?: PolkadotKeyType | undefined
}

export interface SignerResult {
  id: number
  /** Hex; for a payload, a MultiSignature (a type byte, then the signature). */
  signature: string
}

export interface SignerPayloadRaw {
  address: string
  /** Hex of the bytes to sign. */
  data: string
  /** 'bytes': the extension wraps them in `<Bytes>…</Bytes>` so they can never be a transaction. */
  type: 'bytes' | 'payload'
}

/** The signer `@polkadot/api` takes: a transaction payload (SignerPayloadJSON) or raw bytes. */
export interface InjectedSigner {
  signPayload?(payload: unknown): Promise<SignerResult>
  signRaw?(raw: SignerPayloadRaw): Promise<SignerResult>
}

export interface InjectedExtension {
  accounts: {
    get(anyType?: boolean): Promise<InjectedAccount[]>
    subscribe(listener: (accounts: InjectedAccount[]) => void): (() => void) | undefined
  }
  signer: InjectedSigner
  name?: string | undefined
  version?: string | undefined
}

export interface InjectedWeb3Entry {
  version?: string | undefined
  enable(appName: string): Promise<InjectedExtension>
}

/** An extension on the page: its key on `injectedWeb3`, a name to show, an icon where known. */
export interface PolkadotExtension {
  /** The connector id: `polkadot:<key>`. */
  id: string
  key: string
  name: string
  icon?: string | undefined
  entry: InjectedWeb3Entry
}

// The keys the common extensions inject under, and the names their users know them by.
const NAMES: Record<string, string> = {
  'polkadot-js': 'Polkadot{.js}',
  talisman: 'Talisman',
  'subwallet-js': 'SubWallet',
  'fearless-wallet': 'Fearless',
  enkrypt: 'Enkrypt',
  polkagate: 'PolkaGate',
}

export const extensionIdOf = (key: string) => `polkadot:${key}`

/** The extensions on `target.injectedWeb3`, well-known ones first in the order above. */
export function injectedExtensions(target: object | undefined): PolkadotExtension[] {
  const injected = (target as { injectedWeb3?: Record<string, unknown> } | undefined)?.injectedWeb3
  if (!injected || typeof injected !== 'object') return []
  const order = Object.keys(NAMES)
  return Object.entries(injected)
    .filter(([, entry]) => typeof (entry as InjectedWeb3Entry | null)?.enable === 'function')
    .sort(([a], [b]) => rank(order, a) - rank(order, b))
    .map(([key, entry]) => {
      const own = entry as InjectedWeb3Entry & { name?: unknown; icon?: unknown }
      return {
        id: extensionIdOf(key),
        key,
        name: NAMES[key] ?? (typeof own.name === 'string' ? own.name : key),
        icon: typeof own.icon === 'string' ? own.icon : undefined,
        entry: own,
      }
    })
}

const rank = (order: string[], key: string) => {
  const at = order.indexOf(key)
  return at === -1 ? order.length : at
}

export interface PolkadotExtensionWatcher {
  list(): PolkadotExtension[]
  find(id: string): PolkadotExtension | undefined
  stop(): void
}

const pageWindow = () => (globalThis as { window?: object }).window

/**
 * `injectedWeb3` is a plain object with no event: extensions write it at document start, which
 * is before the app runs, but a slow one may write it later. It is read at each look, and once
 * more when the page has loaded, which tells `onChange` about a late arrival.
 */
export function watchPolkadotExtensions(onChange: () => void): PolkadotExtensionWatcher {
  const list = () => injectedExtensions(pageWindow())
  const seen = list()
    .map((e) => e.id)
    .join()
  const target = pageWindow() as (EventTarget & { document?: { readyState?: string } }) | undefined
  const onLoad = () => {
    if (
      list()
        .map((e) => e.id)
        .join() !== seen
    )
      onChange()
  }
  const listens = Boolean(target?.addEventListener) && target?.document?.readyState !== 'complete'
  if (listens) target?.addEventListener('load', onLoad, { once: true })
  return {
    list,
    find: (id) => list().find((e) => e.id === id),
    stop: () => {
      if (listens) target?.removeEventListener('load', onLoad)
    },
  }
}

export function polkadotConnectors(
  extensions: readonly PolkadotExtension[],
  networks: readonly CaipNetwork[],
): Connector[] {
  return extensions.map((e) => ({
    id: e.id,
    name: e.name,
    type: 'INJECTED',
    chain: 'polkadot',
    chains: [...networks],
    imageUrl: e.icon,
    info: { name: e.name, icon: e.icon },
  }))
}
