/**
 * The local cluster's dev keys and tokens. Every key is derived from a public phrase, so tests and
 * the e2e test wallet can sign for them: never send real funds to any of these addresses.
 */
import { createHash } from 'node:crypto'
import {
  type Address,
  createKeyPairSignerFromPrivateKeyBytes,
  type KeyPairSigner,
} from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'

/** The 32-byte ed25519 seed of a dev key (its "private key" in Solana's 64-byte form is seed+public). */
export function devSeed(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`latch dev solana ${label}`).digest())
}

export function devSigner(label: string): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(devSeed(label))
}

/** Dev accounts: `wallet` is the one the e2e test wallet and the demo use (like anvil's account 0). */
export const DEV_ACCOUNT_LABELS = ['wallet', 'friend', 'shop', 'pool', 'fresh'] as const
export type DevAccountLabel = (typeof DEV_ACCOUNT_LABELS)[number]

export interface DevToken {
  label: string
  name: string
  symbol: string
  decimals: number
}

export const DEV_TOKENS = {
  usd: { label: 'mint usd', name: 'Latch Dollar', symbol: 'LUSD', decimals: 6 },
  dog: { label: 'mint dog', name: 'Latch Dog', symbol: 'LDOG', decimals: 5 },
  spam: {
    label: 'mint spam',
    name: 'Claim your reward at free-sol.xyz',
    symbol: 'FREE',
    decimals: 0,
  },
} as const satisfies Record<string, DevToken>

export interface DevSolanaKeys {
  faucet: KeyPairSigner
  spammer: KeyPairSigner
  accounts: Record<DevAccountLabel, KeyPairSigner>
  mints: Record<keyof typeof DEV_TOKENS, KeyPairSigner>
}

export async function devSolanaKeys(): Promise<DevSolanaKeys> {
  const accounts = {} as Record<DevAccountLabel, KeyPairSigner>
  for (const label of DEV_ACCOUNT_LABELS) accounts[label] = await devSigner(label)
  const mints = {} as Record<keyof typeof DEV_TOKENS, KeyPairSigner>
  for (const [key, token] of Object.entries(DEV_TOKENS))
    mints[key as keyof typeof DEV_TOKENS] = await devSigner(token.label)
  return { faucet: await devSigner('faucet'), spammer: await devSigner('spammer'), accounts, mints }
}

export async function tokenAccountOf(owner: Address, mint: Address): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return ata
}

/**
 * The dev tokens as the server's `LATCH_SOLANA_TOKENS` value (`mint=SYMBOL:decimals:Name,…`), so
 * history rows name them as a token list would on a public cluster.
 */
export async function devTokenList(): Promise<string> {
  const keys = await devSolanaKeys()
  // The spam token is on no list: it is marked by how it arrived (docs/solana.md#history).
  return Object.entries(DEV_TOKENS)
    .filter(([key]) => key !== 'spam')
    .map(
      ([key, t]) =>
        `${keys.mints[key as keyof typeof DEV_TOKENS].address}=${t.symbol}:${t.decimals}:${t.name}`,
    )
    .join(',')
}
