/**
 * A Solana transaction as the approval screen shows it (docs/embedded-wallet.md#solana): every
 * instruction in words — System transfers and account creation, SPL Token transfers, approvals,
 * closes and authority changes, associated token accounts, compute budget, memos — and anything
 * else named as an unreadable call, with a warning. Decoding uses the programs' own generated
 * parsers; what is signed is exactly the message these words were built from.
 */

import {
  type CompiledTransactionMessage,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getU32Decoder,
  getU64Decoder,
  type Transaction,
} from '@solana/kit'
import {
  getTransferSolInstructionDataDecoder,
  identifySystemInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  AssociatedTokenInstruction,
  identifyAssociatedTokenInstruction,
  identifyTokenInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import { toHex } from 'viem'
import { type ApprovalView, type Field, leaf } from '../../../decode/view.js'
import { FrameError } from '../../../handler.js'

const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111'
const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
])
const AUTHORITY_TYPES = ['mint tokens', 'freeze accounts', 'own the account', 'close the account']

/** One instruction in words, and the dangers it carries for the user. */
export interface DescribedInstruction {
  summary: string
  dangers: string[]
  fields: Field[]
}

export interface DecodedSolanaTransaction {
  transaction: Transaction
  /** Where the user's signature goes among the message's signers. */
  signerIndex: number
  feePayer: string
  instructions: DescribedInstruction[]
  /** Signers other than the user whose signature slot is still empty. */
  unsignedOthers: string[]
  view: ApprovalView
}

interface Readable {
  program: string
  accounts: string[]
  data: Uint8Array
}

function sol(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
  return `${fraction ? `${whole}.${fraction}` : whole} SOL`
}

function units(amount: bigint, decimals: number | undefined): string {
  if (decimals === undefined) return `${amount} base units`
  const scale = 10n ** BigInt(decimals)
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${amount / scale}.${fraction}` : `${amount / scale}`
}

const u64 = (data: Uint8Array, offset: number) => getU64Decoder().decode(data, offset)

/** One instruction in words, and the dangers it carries for `user`. */
function describe(ix: Readable, user: string): DescribedInstruction {
  const [a0 = '?', a1 = '?', a2 = '?', a3 = '?'] = ix.accounts
  const mine = (address: string) => (address === user ? `${address} (you)` : address)
  if (ix.program === SYSTEM_PROGRAM_ADDRESS) {
    const kind = identifySystemInstruction({ data: ix.data })
    if (kind === SystemInstruction.TransferSol) {
      const { amount } = getTransferSolInstructionDataDecoder().decode(ix.data)
      return {
        summary: `Send ${sol(amount)} to ${a1}`,
        dangers: [],
        fields: [
          leaf('From', mine(a0), true),
          leaf('To', mine(a1), true),
          leaf('Amount', sol(amount), true),
        ],
      }
    }
    if (kind === SystemInstruction.CreateAccount)
      return {
        summary: `Create account ${a1}, funded with ${sol(u64(ix.data, 4))} from ${a0}`,
        dangers: [],
        fields: [leaf('New account', a1, true), leaf('Funded by', mine(a0), true)],
      }
    if (kind === SystemInstruction.Assign && a0 === user)
      return {
        summary: `Hand your account ${a0} to another program`,
        dangers: ['This gives another program control of your main account and everything in it.'],
        fields: [leaf('Account', mine(a0), true)],
      }
    return { summary: `System program: ${SystemInstruction[kind]}`, dangers: [], fields: [] }
  }
  if (ix.program === TOKEN_PROGRAM_ADDRESS || ix.program === TOKEN_2022) {
    const kind = identifyTokenInstruction({ data: ix.data })
    const amount = ix.data.length >= 9 ? u64(ix.data, 1) : 0n
    switch (kind) {
      case TokenInstruction.Transfer:
        return {
          summary: `Send ${units(amount, undefined)} of the token in ${a0} to token account ${a1}`,
          dangers: [],
          fields: [
            leaf('From token account', a0, true),
            leaf('To token account', a1, true),
            leaf('Signed by', mine(a2), true),
          ],
        }
      case TokenInstruction.TransferChecked:
        return {
          summary: `Send ${units(amount, ix.data[9])} of token ${a1} to token account ${a2}`,
          dangers: [],
          fields: [
            leaf('Token', a1, true),
            leaf('From token account', a0, true),
            leaf('To token account', a2, true),
            leaf('Signed by', mine(a3), true),
          ],
        }
      case TokenInstruction.Approve:
      case TokenInstruction.ApproveChecked: {
        const delegate = kind === TokenInstruction.Approve ? a1 : a2
        const decimals = kind === TokenInstruction.ApproveChecked ? ix.data[9] : undefined
        return {
          summary: `Allow ${delegate} to spend ${units(amount, decimals)} from token account ${a0}`,
          dangers: [`${delegate} could move these tokens at any time without asking you again.`],
          fields: [leaf('Spender', delegate, true), leaf('Token account', a0, true)],
        }
      }
      case TokenInstruction.Revoke:
        return {
          summary: `Revoke every spending allowance on token account ${a0}`,
          dangers: [],
          fields: [],
        }
      case TokenInstruction.CloseAccount:
        return {
          summary: `Close token account ${a0}; its rent goes to ${a1}`,
          dangers: a1 === user ? [] : ['The account’s rent goes to someone else, not to you.'],
          fields: [leaf('Account', a0, true), leaf('Rent to', mine(a1), true)],
        }
      case TokenInstruction.SetAuthority: {
        const type = AUTHORITY_TYPES[ix.data[1] ?? 0] ?? 'act on the account'
        const hasNew = ix.data[2] === 1
        return {
          summary: `Change who may ${type} for ${a0}`,
          dangers: ['This hands control of the account to someone else.'],
          fields: [
            leaf('Account', a0, true),
            leaf('New authority', hasNew ? 'another key' : 'nobody', false),
          ],
        }
      }
      case TokenInstruction.MintTo:
      case TokenInstruction.MintToChecked:
        return {
          summary: `Mint ${units(amount, kind === TokenInstruction.MintToChecked ? ix.data[9] : undefined)} of token ${a0} to ${a1}`,
          dangers: [],
          fields: [],
        }
      case TokenInstruction.Burn:
      case TokenInstruction.BurnChecked:
        return {
          summary: `Burn ${units(amount, kind === TokenInstruction.BurnChecked ? ix.data[9] : undefined)} from token account ${a0}`,
          dangers: [],
          fields: [],
        }
      default:
        return { summary: `Token program: ${TokenInstruction[kind]}`, dangers: [], fields: [] }
    }
  }
  if (ix.program === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
    const kind =
      ix.data.length === 0
        ? AssociatedTokenInstruction.CreateAssociatedToken
        : identifyAssociatedTokenInstruction({ data: ix.data })
    return {
      summary: `Open token account ${a1} for ${mine(a2)} (token ${a3}), paid by ${mine(a0)}`,
      dangers:
        kind === AssociatedTokenInstruction.RecoverNestedAssociatedToken
          ? ['Recovers tokens from a nested account.']
          : [],
      fields: [],
    }
  }
  if (ix.program === COMPUTE_BUDGET) {
    if (ix.data[0] === 2)
      return {
        summary: `Compute limit: ${getU32Decoder().decode(ix.data, 1)} units`,
        dangers: [],
        fields: [],
      }
    if (ix.data[0] === 3)
      return {
        summary: `Priority fee: ${u64(ix.data, 1)} micro-lamports per compute unit`,
        dangers: [],
        fields: [],
      }
    return { summary: 'Compute budget setting', dangers: [], fields: [] }
  }
  if (MEMO_PROGRAMS.has(ix.program))
    return { summary: `Memo: “${new TextDecoder().decode(ix.data)}”`, dangers: [], fields: [] }
  return {
    summary: `Call program ${ix.program} with ${ix.accounts.length} accounts`,
    dangers: [
      ix.accounts.includes(user)
        ? `Latch cannot read what program ${ix.program} will do with your account. Approve only if you trust this site.`
        : `Latch cannot read what program ${ix.program} will do. Approve only if you trust this site.`,
    ],
    fields: [leaf('Program', ix.program, true), leaf('Data', `${ix.data.length} bytes`)],
  }
}

/**
 * Decodes `params.transaction` (base58 or base64 wire bytes) for `user`'s signature. Refused before
 * any view exists: bytes that are not a transaction, lookup tables (their accounts cannot be shown
 * without trusting a node), and a transaction that does not ask for the user's signature.
 */
export function decodeSolanaTransaction(
  bytes: Uint8Array,
  user: string,
  origin: string,
): DecodedSolanaTransaction {
  let transaction: Transaction
  let message: CompiledTransactionMessage
  try {
    transaction = getTransactionDecoder().decode(bytes)
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  } catch {
    throw new FrameError('Invalid transaction: not a Solana transaction', -32602)
  }
  if (message.version !== 'legacy' && message.version !== 0)
    throw new FrameError('Invalid transaction: unsupported version', -32602)
  if ('addressTableLookups' in message && (message.addressTableLookups?.length ?? 0) > 0)
    throw new FrameError(
      'Transactions with address lookup tables cannot be shown, so they are not signed',
      4200,
    )
  const keys = message.staticAccounts as string[]
  const signers = keys.slice(0, message.header.numSignerAccounts)
  const signerIndex = signers.indexOf(user)
  if (signerIndex < 0)
    throw new FrameError('This transaction does not ask for your signature', -32602)
  const described = message.instructions.map((ix) =>
    describe(
      {
        program: keys[ix.programAddressIndex] ?? '?',
        accounts: (ix.accountIndices ?? []).map((i) => keys[i] ?? '?'),
        data: new Uint8Array(ix.data ?? []),
      },
      user,
    ),
  )
  const feePayer = keys[0] ?? '?'
  const unsignedOthers = signers.filter(
    (signer) => signer !== user && !transaction.signatures[signer as never],
  )
  const dangers = [...new Set(described.flatMap((d) => d.dangers))]
  if (feePayer === user && signers.length > 1)
    dangers.push('Other keys sign this transaction too; you pay its fee.')
  return {
    transaction,
    signerIndex,
    feePayer,
    instructions: described,
    unsignedOthers,
    view: {
      title: 'Sign a Solana transaction',
      dangers,
      summary: described.map((d) => d.summary),
      sections: [
        {
          title: 'Request',
          fields: [
            leaf('From site', origin),
            leaf('Fee paid by', feePayer === user ? `${feePayer} (you)` : feePayer, true),
            leaf('Instructions', String(described.length)),
          ],
        },
        ...described.flatMap((d, i) =>
          d.fields.length > 0 ? [{ title: `Instruction ${i + 1}`, fields: d.fields }] : [],
        ),
      ],
      raw: {
        label: 'Transaction message (hex)',
        text: toHex(new Uint8Array(transaction.messageBytes)),
      },
    },
  }
}
