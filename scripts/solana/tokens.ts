/**
 * SPL token accounts and mints as a validator's RPC shows them: `preTokenBalances` entries and the
 * `jsonParsed` account encoding. Token-2022 accounts share the first 165 (account) or 82 (mint)
 * bytes with the original program, so both are read with the same decoders.
 */

import { type Address, isSome } from '@solana/kit'
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'

export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
const TOKEN_PROGRAMS = new Set<string>([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS])
const ACCOUNT_SIZE = 165
const MINT_SIZE = 82

export interface RawAccount {
  lamports: bigint
  data: Uint8Array
  owner: Address
  executable: boolean
}

export interface UiTokenAmount {
  amount: string
  decimals: number
  uiAmount: number | null
  uiAmountString: string
}

export interface RpcTokenBalance {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: UiTokenAmount
}

export function isTokenProgram(owner: string): boolean {
  return TOKEN_PROGRAMS.has(owner)
}

export function uiAmount(amount: bigint, decimals: number): UiTokenAmount {
  const scale = 10n ** BigInt(decimals)
  const whole = amount / scale
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  const text = fraction ? `${whole}.${fraction}` : `${whole}`
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text }
}

export function readTokenAccount(account: RawAccount | null) {
  if (!account || !isTokenProgram(account.owner) || account.data.length < ACCOUNT_SIZE) return null
  // A mint is 82 bytes (more with Token-2022 extensions, whose type byte sits at 165).
  if (account.data.length > ACCOUNT_SIZE && account.data[ACCOUNT_SIZE] !== 2) return null
  return getTokenDecoder().decode(account.data.subarray(0, ACCOUNT_SIZE))
}

export function readMint(account: RawAccount | null) {
  if (!account || !isTokenProgram(account.owner) || account.data.length < MINT_SIZE) return null
  if (account.data.length === ACCOUNT_SIZE) return null
  return getMintDecoder().decode(account.data.subarray(0, MINT_SIZE))
}

/** The `jsonParsed` form of a token account or mint; null for any other account. */
export function parsedTokenData(
  account: RawAccount,
  decimalsOf: (mint: Address) => number | null,
): { program: string; parsed: unknown; space: number } | null {
  const program = account.owner === TOKEN_2022_PROGRAM_ADDRESS ? 'spl-token-2022' : 'spl-token'
  const token = readTokenAccount(account)
  if (token) {
    const decimals = decimalsOf(token.mint) ?? 0
    return {
      program,
      space: account.data.length,
      parsed: {
        type: 'account',
        info: {
          isNative: isSome(token.isNative),
          mint: token.mint,
          owner: token.owner,
          state: ['uninitialized', 'initialized', 'frozen'][token.state] ?? 'initialized',
          tokenAmount: uiAmount(token.amount, decimals),
          ...(isSome(token.delegate)
            ? {
                delegate: token.delegate.value,
                delegatedAmount: uiAmount(token.delegatedAmount, decimals),
              }
            : {}),
        },
      },
    }
  }
  const mint = readMint(account)
  if (mint)
    return {
      program,
      space: account.data.length,
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: isSome(mint.freezeAuthority) ? mint.freezeAuthority.value : null,
          isInitialized: mint.isInitialized,
          mintAuthority: isSome(mint.mintAuthority) ? mint.mintAuthority.value : null,
          supply: mint.supply.toString(),
        },
      },
    }
  return null
}
