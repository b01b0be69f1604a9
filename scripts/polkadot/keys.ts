/**
 * The dev chain's accounts: sr25519 keys from Substrate's well-known development phrase, at the
 * hard derivations every Substrate tool uses (//Alice, //Bob, …), so their addresses are the
 * familiar ones. Development and tests only: these keys are public.
 */
import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { DEV_SS58_PREFIX } from './types.js'

/** Substrate's DEV_PHRASE (sp-core), the root of //Alice and the other dev accounts. */
export const DEV_POLKADOT_MNEMONIC =
  'bottom drive obey lake curtain smoke basket hold race lonely fit walk'

/** Who is who: the two wallet accounts, two spare funded ones for tests, and the faucet. */
export const DEV_POLKADOT_ACCOUNTS = {
  alice: '//Alice',
  bob: '//Bob',
  charlie: '//Charlie',
  dave: '//Dave',
  faucet: '//Ferdie',
} as const

export type DevPolkadotAccountName = keyof typeof DEV_POLKADOT_ACCOUNTS

export interface DevPolkadotAccount {
  name: DevPolkadotAccountName
  /** The derivation path under the dev phrase. */
  path: string
  /** SS58 for the dev chain's prefix. */
  address: string
  pair: KeyringPair
}

export type DevPolkadotKeys = Record<DevPolkadotAccountName, DevPolkadotAccount>

/** The dev accounts as sr25519 key pairs, addresses in SS58 with `ss58Prefix`. */
export async function devPolkadotKeys(ss58Prefix = DEV_SS58_PREFIX): Promise<DevPolkadotKeys> {
  // sr25519 runs in @polkadot/wasm-crypto, which has to be loaded before the first key.
  await cryptoWaitReady()
  const keyring = new Keyring({ type: 'sr25519', ss58Format: ss58Prefix })
  const entries = Object.entries(DEV_POLKADOT_ACCOUNTS).map(([name, path]) => {
    const pair = keyring.addFromUri(`${DEV_POLKADOT_MNEMONIC}${path}`, { name })
    return [name, { name, path, address: pair.address, pair }] as const
  })
  return Object.fromEntries(entries) as DevPolkadotKeys
}
