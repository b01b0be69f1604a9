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
import { formatDecimal, type SolanaKey, t } from '../../../i18n/index.js'
import { st } from '../text.js'

const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111'
const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
])
const AUTHORITY_TYPES: SolanaKey[] = [
  'sol.authority.mint',
  'sol.authority.freeze',
  'sol.authority.own',
  'sol.authority.close',
]

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
  return `${formatDecimal(fraction ? `${whole}.${fraction}` : `${whole}`)} SOL`
}

function units(amount: bigint, decimals: number | undefined): string {
  if (decimals === undefined) return t('amount.baseUnits', { amount: formatDecimal(`${amount}`) })
  const scale = 10n ** BigInt(decimals)
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return formatDecimal(fraction ? `${amount / scale}.${fraction}` : `${amount / scale}`)
}

const u64 = (data: Uint8Array, offset: number) => getU64Decoder().decode(data, offset)

/** One instruction in words, and the dangers it carries for `user`. */
function describe(ix: Readable, user: string): DescribedInstruction {
  const [a0 = '?', a1 = '?', a2 = '?', a3 = '?'] = ix.accounts
  const mine = (address: string) => (address === user ? t('address.you', { address }) : address)
  if (ix.program === SYSTEM_PROGRAM_ADDRESS) {
    const kind = identifySystemInstruction({ data: ix.data })
    if (kind === SystemInstruction.TransferSol) {
      const { amount } = getTransferSolInstructionDataDecoder().decode(ix.data)
      return {
        summary: st('sol.send', { amount: sol(amount), to: a1 }),
        dangers: [],
        fields: [
          leaf(st('sol.from'), mine(a0), true),
          leaf(st('sol.to'), mine(a1), true),
          leaf(st('sol.amount'), sol(amount), true),
        ],
      }
    }
    if (kind === SystemInstruction.CreateAccount)
      return {
        summary: st('sol.createAccount', { account: a1, amount: sol(u64(ix.data, 4)), from: a0 }),
        dangers: [],
        fields: [leaf(st('sol.newAccount'), a1, true), leaf(st('sol.fundedBy'), mine(a0), true)],
      }
    if (kind === SystemInstruction.Assign && a0 === user)
      return {
        summary: st('sol.assign', { account: a0 }),
        dangers: [st('sol.assignDanger')],
        fields: [leaf(st('sol.account'), mine(a0), true)],
      }
    return {
      summary: st('sol.system', { name: SystemInstruction[kind] }),
      dangers: [],
      fields: [],
    }
  }
  if (ix.program === TOKEN_PROGRAM_ADDRESS || ix.program === TOKEN_2022) {
    const kind = identifyTokenInstruction({ data: ix.data })
    const amount = ix.data.length >= 9 ? u64(ix.data, 1) : 0n
    switch (kind) {
      case TokenInstruction.Transfer:
        return {
          summary: st('sol.tokenTransfer', { amount: units(amount, undefined), from: a0, to: a1 }),
          dangers: [],
          fields: [
            leaf(st('sol.fromTokenAccount'), a0, true),
            leaf(st('sol.toTokenAccount'), a1, true),
            leaf(st('sol.signedBy'), mine(a2), true),
          ],
        }
      case TokenInstruction.TransferChecked:
        return {
          summary: st('sol.tokenTransferChecked', {
            amount: units(amount, ix.data[9]),
            token: a1,
            to: a2,
          }),
          dangers: [],
          fields: [
            leaf(st('sol.token'), a1, true),
            leaf(st('sol.fromTokenAccount'), a0, true),
            leaf(st('sol.toTokenAccount'), a2, true),
            leaf(st('sol.signedBy'), mine(a3), true),
          ],
        }
      case TokenInstruction.Approve:
      case TokenInstruction.ApproveChecked: {
        const delegate = kind === TokenInstruction.Approve ? a1 : a2
        const decimals = kind === TokenInstruction.ApproveChecked ? ix.data[9] : undefined
        return {
          summary: st('sol.approve', { delegate, amount: units(amount, decimals), account: a0 }),
          dangers: [st('sol.approveDanger', { delegate })],
          fields: [leaf(st('sol.spender'), delegate, true), leaf(st('sol.tokenAccount'), a0, true)],
        }
      }
      case TokenInstruction.Revoke:
        return {
          summary: st('sol.revoke', { account: a0 }),
          dangers: [],
          fields: [],
        }
      case TokenInstruction.CloseAccount:
        return {
          summary: st('sol.close', { account: a0, to: a1 }),
          dangers: a1 === user ? [] : [st('sol.closeDanger')],
          fields: [leaf(st('sol.account'), a0, true), leaf(st('sol.rentTo'), mine(a1), true)],
        }
      case TokenInstruction.SetAuthority: {
        const type = st(AUTHORITY_TYPES[ix.data[1] ?? 0] ?? 'sol.authority.act')
        const hasNew = ix.data[2] === 1
        return {
          summary: st('sol.setAuthority', { what: type, account: a0 }),
          dangers: [st('sol.setAuthorityDanger')],
          fields: [
            leaf(st('sol.account'), a0, true),
            leaf(st('sol.newAuthority'), hasNew ? st('sol.anotherKey') : st('sol.nobody'), false),
          ],
        }
      }
      case TokenInstruction.MintTo:
      case TokenInstruction.MintToChecked:
        return {
          summary: st('sol.mint', {
            amount: units(amount, kind === TokenInstruction.MintToChecked ? ix.data[9] : undefined),
            token: a0,
            to: a1,
          }),
          dangers: [],
          fields: [],
        }
      case TokenInstruction.Burn:
      case TokenInstruction.BurnChecked:
        return {
          summary: st('sol.burn', {
            amount: units(amount, kind === TokenInstruction.BurnChecked ? ix.data[9] : undefined),
            account: a0,
          }),
          dangers: [],
          fields: [],
        }
      default:
        return {
          summary: st('sol.tokenProgram', { name: TokenInstruction[kind] }),
          dangers: [],
          fields: [],
        }
    }
  }
  if (ix.program === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
    const kind =
      ix.data.length === 0
        ? AssociatedTokenInstruction.CreateAssociatedToken
        : identifyAssociatedTokenInstruction({ data: ix.data })
    return {
      summary: st('sol.openAccount', { account: a1, owner: mine(a2), token: a3, payer: mine(a0) }),
      dangers:
        kind === AssociatedTokenInstruction.RecoverNestedAssociatedToken
          ? [st('sol.recoverNested')]
          : [],
      fields: [],
    }
  }
  if (ix.program === COMPUTE_BUDGET) {
    if (ix.data[0] === 2)
      return {
        summary: st('sol.computeLimit', {
          units: formatDecimal(String(getU32Decoder().decode(ix.data, 1))),
        }),
        dangers: [],
        fields: [],
      }
    if (ix.data[0] === 3)
      return {
        summary: st('sol.priorityFee', { fee: formatDecimal(String(u64(ix.data, 1))) }),
        dangers: [],
        fields: [],
      }
    return { summary: st('sol.computeBudget'), dangers: [], fields: [] }
  }
  if (MEMO_PROGRAMS.has(ix.program))
    return {
      summary: st('sol.memo', { text: new TextDecoder().decode(ix.data) }),
      dangers: [],
      fields: [],
    }
  return {
    summary: st('sol.unknownProgram', { program: ix.program, count: ix.accounts.length }),
    dangers: [
      ix.accounts.includes(user)
        ? st('sol.unknownWithYou', { program: ix.program })
        : st('sol.unknown', { program: ix.program }),
    ],
    fields: [
      leaf(st('sol.program'), ix.program, true),
      leaf(st('sol.data'), t('bytes.count', { count: ix.data.length })),
    ],
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
    throw new FrameError(st('sol.invalid.notSolana'), -32602)
  }
  if (message.version !== 'legacy' && message.version !== 0)
    throw new FrameError(st('sol.invalid.version'), -32602)
  if ('addressTableLookups' in message && (message.addressTableLookups?.length ?? 0) > 0)
    throw new FrameError(st('sol.invalid.lookupTables'), 4200)
  const keys = message.staticAccounts as string[]
  const signers = keys.slice(0, message.header.numSignerAccounts)
  const signerIndex = signers.indexOf(user)
  if (signerIndex < 0) throw new FrameError(st('sol.invalid.notYours'), -32602)
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
  if (feePayer === user && signers.length > 1) dangers.push(st('sol.othersSign'))
  return {
    transaction,
    signerIndex,
    feePayer,
    instructions: described,
    unsignedOthers,
    view: {
      title: st('sol.signTitle'),
      dangers,
      summary: described.map((d) => d.summary),
      sections: [
        {
          title: st('sol.request'),
          fields: [
            leaf(st('sol.fromSite'), origin),
            leaf(
              st('sol.feePaidBy'),
              feePayer === user ? t('address.you', { address: feePayer }) : feePayer,
              true,
            ),
            leaf(st('sol.instructions'), String(described.length)),
          ],
        },
        ...described.flatMap((d, i) =>
          d.fields.length > 0
            ? [{ title: st('sol.instruction', { n: i + 1 }), fields: d.fields }]
            : [],
        ),
      ],
      raw: {
        label: st('sol.rawMessage'),
        text: toHex(new Uint8Array(transaction.messageBytes)),
      },
    },
  }
}
