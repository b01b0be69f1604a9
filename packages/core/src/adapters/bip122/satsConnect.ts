/**
 * Wallets on sats-connect's provider list (Xverse, Leather via its adapter, Magic Eden, …): each
 * entry of `window.btc_providers` names, by a dotted path on `window`, an object answering
 * `request(method, params)` with JSON-RPC responses (`{result}` or `{error}`). Only that wire is
 * used, not @sats-connect/core, which brings axios and a Buffer polyfill with it.
 */
import type { BitcoinNetworkName } from './params.js'
import {
  type BitcoinAccount,
  type BitcoinWallet,
  base64ToBytes,
  bytesToBase64,
  type WalletChange,
} from './wallet.js'

export interface SatsConnectProviderInfo {
  /** Dotted path of the provider object on `window`, e.g. `XverseProviders.BitcoinProvider`. */
  id: string
  name: string
  icon?: string
  methods?: string[]
}

interface SatsConnectProvider {
  request(method: string, params: unknown): Promise<unknown>
  addListener?(...args: unknown[]): (() => void) | undefined
}

interface SatsAddress {
  address: string
  publicKey?: string
  purpose?: string
  addressType?: string
}

/** A sats-connect error answer, kept with its JSON-RPC code (-32000 is the user's refusal). */
export class SatsConnectRpcError extends Error {
  override name = 'SatsConnectRpcError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

// sats-connect names networks in title case; regtest is Xverse's custom network type.
const NAMES: Record<BitcoinNetworkName, string> = {
  mainnet: 'Mainnet',
  testnet: 'Testnet',
  signet: 'Signet',
  regtest: 'Regtest',
}
const fromName = (name: unknown): BitcoinNetworkName | undefined => {
  const lower = typeof name === 'string' ? name.toLowerCase() : ''
  if (lower === 'testnet4') return 'testnet'
  return (Object.keys(NAMES) as BitcoinNetworkName[]).find((n) => n === lower)
}

export function providerAt(target: object, path: string): SatsConnectProvider | undefined {
  let current: unknown = target
  for (const part of path.split('.'))
    current = (current as Record<string, unknown> | undefined)?.[part]
  const provider = current as SatsConnectProvider | undefined
  return typeof provider?.request === 'function' ? provider : undefined
}

function toAccounts(addresses: readonly SatsAddress[]): BitcoinAccount[] {
  const out: BitcoinAccount[] = []
  for (const purpose of ['payment', 'ordinals'] as const) {
    const found = addresses.find((a) => a.purpose === purpose)
    if (found)
      out.push({
        address: found.address,
        type: purpose === 'payment' ? 'payment' : 'ordinal',
        publicKey: found.publicKey || undefined,
      })
  }
  return out
}

export function satsConnectWallet(info: SatsConnectProviderInfo, target: object): BitcoinWallet {
  const provider = () => {
    const found = providerAt(target, info.id)
    if (!found) throw new Error(`${info.name} is no longer on the page`)
    return found
  }
  async function call<T>(method: string, params: unknown): Promise<T> {
    let answer: unknown
    try {
      answer = await provider().request(method, params)
    } catch (thrown) {
      // Some wallets throw the JSON-RPC error response instead of resolving with it.
      answer = thrown
    }
    const { result, error } = (answer ?? {}) as {
      result?: T
      error?: { code?: number; message?: string }
    }
    if (error)
      throw new SatsConnectRpcError(error.code ?? -32603, error.message ?? `${method} failed`)
    if (answer instanceof Error) throw answer
    return result as T
  }
  const listeners = new Set<(change: WalletChange) => void>()
  let unsubscribe: Array<() => void> = []
  function subscribe() {
    const p = provider()
    if (typeof p.addListener !== 'function') return
    // sats-connect's current form: one object with the event name and its callback.
    const add = (eventName: string, cb: (event: Record<string, unknown>) => void) =>
      p.addListener?.({ eventName, cb }) ?? (() => {})
    const emit = (change: WalletChange) => {
      for (const listener of listeners) listener(change)
    }
    unsubscribe = [
      add('accountChange', (event) => {
        const addresses = event.addresses as SatsAddress[] | undefined
        emit(addresses ? { accounts: toAccounts(addresses) } : {})
      }),
      add('networkChange', (event) => {
        const bitcoin = event.bitcoin as { name?: string } | undefined
        const addresses = event.addresses as SatsAddress[] | undefined
        emit({
          network: fromName(bitcoin?.name),
          ...(addresses ? { accounts: toAccounts(addresses) } : {}),
        })
      }),
      add('disconnect', () => emit({ disconnected: true })),
    ]
  }
  return {
    id: `sats-connect:${info.id}`,
    name: info.name,
    icon: info.icon,
    source: 'sats-connect',
    async connect({ network, silent }) {
      if (silent) {
        // Answers without a prompt when the site already has the permission.
        const account = await call<{ addresses?: SatsAddress[] }>('wallet_getAccount', null).catch(
          () => undefined,
        )
        return toAccounts(account?.addresses ?? [])
      }
      try {
        const result = await call<{ addresses: SatsAddress[] }>('wallet_connect', {
          addresses: ['payment', 'ordinals'],
          network: NAMES[network],
        })
        return toAccounts(result.addresses)
      } catch (error) {
        if (!(error instanceof SatsConnectRpcError) || error.code !== -32601) throw error
        // Older wallets: getAccounts asks for the same permission.
        return toAccounts(
          await call<SatsAddress[]>('getAccounts', { purposes: ['payment', 'ordinals'] }),
        )
      }
    },
    async disconnect() {
      for (const off of unsubscribe) off()
      unsubscribe = []
      await call('wallet_disconnect', null).catch(() => undefined)
    },
    async signMessage({ account, message, protocol }) {
      const result = await call<{ signature: string }>('signMessage', {
        address: account.address,
        message,
        protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322',
      })
      return result.signature
    },
    async signPsbt({ psbt, account, signIndexes }) {
      const result = await call<{ psbt: string }>('signPsbt', {
        psbt: bytesToBase64(psbt),
        signInputs: { [account.address]: [...signIndexes] },
        broadcast: false,
      })
      return base64ToBytes(result.psbt)
    },
    async getNetwork() {
      const result = await call<{ bitcoin?: { name?: string } }>('wallet_getNetwork', null).catch(
        () => undefined,
      )
      return fromName(result?.bitcoin?.name)
    },
    async switchNetwork(network) {
      await call('wallet_changeNetwork', { name: NAMES[network] })
    },
    onChange(listener) {
      if (listeners.size === 0) subscribe()
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        for (const off of unsubscribe) off()
        unsubscribe = []
      }
    },
  }
}

/** The providers on sats-connect's list that are on the page now. */
export function satsConnectWallets(target: object): BitcoinWallet[] {
  const list = (target as { btc_providers?: unknown }).btc_providers
  if (!Array.isArray(list)) return []
  return (list as SatsConnectProviderInfo[])
    .filter((info) => typeof info?.id === 'string' && providerAt(target, info.id))
    .map((info) => satsConnectWallet(info, target))
}
