import type { CaipNetwork } from '../../networks/types.js'
import type { AdapterAccount } from '../types.js'
import type { InjectedAccount, PolkadotKeyType } from './extensions.js'
import { ss58PrefixOf } from './networks.js'
import { decodeSs58, encodeSs58 } from './ss58.js'

/** A connected account, spelled for the network the adapter is on. */
export interface PolkadotAccount {
  /** SS58 with the network's prefix. */
  address: string
  /** As the visitor named it in the extension. */
  name?: string | undefined
  keyType: Exclude<PolkadotKeyType, 'ethereum'>
  /** 0x + the 32-byte account id. */
  publicKey: string
}

const hex = (bytes: Uint8Array) =>
  `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`

/**
 * The extension's accounts usable on `network`, in the extension's order: SS58 accounts (not its
 * Ethereum-type ones) kept for any chain or for this one, spelled with the network's prefix.
 */
export function accountsOn(
  injected: readonly InjectedAccount[],
  network: CaipNetwork,
): PolkadotAccount[] {
  const prefix = ss58PrefixOf(network)
  const out: PolkadotAccount[] = []
  for (const account of injected) {
    if (account.type === 'ethereum') continue
    const genesis = account.genesisHash?.replace(/^0x/, '')
    if (genesis && genesis.slice(0, 32) !== String(network.id)) continue
    const decoded = decodeSs58(account.address)
    if (!decoded) continue
    const address = encodeSs58(decoded.accountId, prefix)
    if (out.some((a) => a.address === address)) continue
    out.push({
      address,
      name: account.name,
      keyType: account.type ?? 'sr25519',
      publicKey: hex(decoded.accountId),
    })
  }
  return out
}

/** `accounts` with `active` first when it is still among them (a list change keeps the pick). */
export function keepActiveFirst(accounts: PolkadotAccount[], active: string | undefined) {
  const at = accounts.findIndex((a) => a.address === active)
  return at <= 0
    ? accounts
    : [accounts[at] as PolkadotAccount, ...accounts.filter((_, i) => i !== at)]
}

export const toAdapterAccounts = (accounts: readonly PolkadotAccount[]): AdapterAccount[] =>
  accounts.map(({ address, publicKey }) => ({ address, publicKey }))
