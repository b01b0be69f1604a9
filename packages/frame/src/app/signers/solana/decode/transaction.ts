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
import { formatDecimal, type MessageKey, t } from '../../../i18n/index.js'

const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111'
const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
])
const AUTHORITY_TYPES: MessageKey[] = [
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
        summary: t('sol.send', { amount: sol(amount), to: a1 }),
        dangers: [],
        fields: [
          leaf(t('sol.from'), mine(a0), true),
          leaf(t('sol.to'), mine(a1), true),
          leaf(t('sol.amount'), sol(amount), true),
        ],
      }
    }
    if (kind === SystemInstruction.CreateAccount)
      return {
        summary: t('sol.createAccount', { account: a1, amount: sol(u64(ix.data, 4)), from: a0 }),
        dangers: [],
        fields: [leaf(t('sol.newAccount'), a1, true), leaf(t('sol.fundedBy'), mine(a0), true)],
      }
    if (kind === SystemInstruction.Assign && a0 === user)
      return {
        summary: t('sol.assign', { account: a0 }),
        dangers: [t('sol.assignDanger')],
        fields: [leaf(t('sol.account'), mine(a0), true)],
      }
    return {
      summary: t('sol.system', { name: SystemInstruction[kind] }),
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
          summary: t('sol.tokenTransfer', { amount: units(amount, undefined), from: a0, to: a1 }),
          dangers: [],
          fields: [
            leaf(t('sol.fromTokenAccount'), a0, true),
            leaf(t('sol.toTokenAccount'), a1, true),
            leaf(t('sol.signedBy'), mine(a2), true),
          ],
        }
      case TokenInstruction.TransferChecked:
        return {
          summary: t('sol.tokenTransferChecked', {
            amount: units(amount, ix.data[9]),
            token: a1,
            to: a2,
          }),
          dangers: [],
          fields: [
            leaf(t('sol.token'), a1, true),
            leaf(t('sol.fromTokenAccount'), a0, true),
            leaf(t('sol.toTokenAccount'), a2, true),
            leaf(t('sol.signedBy'), mine(a3), true),
          ],
        }
      case TokenInstruction.Approve:
      case TokenInstruction.ApproveChecked: {
        const delegate = kind === TokenInstruction.Approve ? a1 : a2
        const decimals = kind === TokenInstruction.ApproveChecked ? ix.data[9] : undefined
        return {
          summary: t('sol.approve', { delegate, amount: units(amount, decimals), account: a0 }),
          dangers: [t('sol.approveDanger', { delegate })],
          fields: [leaf(t('sol.spender'), delegate, true), leaf(t('sol.tokenAccount'), a0, true)],
        }
      }
      case TokenInstruction.Revoke:
        return {
          summary: t('sol.revoke', { account: a0 }),
          dangers: [],
          fields: [],
        }
      case TokenInstruction.CloseAccount:
        return {
          summary: t('sol.close', { account: a0, to: a1 }),
          dangers: a1 === user ? [] : [t('sol.closeDanger')],
          fields: [leaf(t('sol.account'), a0, true), leaf(t('sol.rentTo'), mine(a1), true)],
        }
      case TokenInstruction.SetAuthority: {
        const type = t(AUTHORITY_TYPES[ix.data[1] ?? 0] ?? 'sol.authority.act')
        const hasNew = ix.data[2] === 1
        return {
          summary: t('sol.setAuthority', { what: type, account: a0 }),
          dangers: [t('sol.setAuthorityDanger')],
          fields: [
            leaf(t('sol.account'), a0, true),
            leaf(t('sol.newAuthority'), hasNew ? t('sol.anotherKey') : t('sol.nobody'), false),
          ],
        }
      }
      case TokenInstruction.MintTo:
      case TokenInstruction.MintToChecked:
        return {
          summary: t('sol.mint', {
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
          summary: t('sol.burn', {
            amount: units(amount, kind === TokenInstruction.BurnChecked ? ix.data[9] : undefined),
            account: a0,
          }),
          dangers: [],
          fields: [],
        }
      default:
        return {
          summary: t('sol.tokenProgram', { name: TokenInstruction[kind] }),
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
      summary: t('sol.openAccount', { account: a1, owner: mine(a2), token: a3, payer: mine(a0) }),
      dangers:
        kind === AssociatedTokenInstruction.RecoverNestedAssociatedToken
          ? [t('sol.recoverNested')]
          : [],
      fields: [],
    }
  }
  if (ix.program === COMPUTE_BUDGET) {
    if (ix.data[0] === 2)
      return {
        summary: t('sol.computeLimit', {
          units: formatDecimal(String(getU32Decoder().decode(ix.data, 1))),
        }),
        dangers: [],
        fields: [],
      }
    if (ix.data[0] === 3)
      return {
        summary: t('sol.priorityFee', { fee: formatDecimal(String(u64(ix.data, 1))) }),
        dangers: [],
        fields: [],
      }
    return { summary: t('sol.computeBudget'), dangers: [], fields: [] }
  }
  if (MEMO_PROGRAMS.has(ix.program))
    return {
      summary: t('sol.memo', { text: new TextDecoder().decode(ix.data) }),
      dangers: [],
      fields: [],
    }
  return {
    summary: t('sol.unknownProgram', { program: ix.program, count: ix.accounts.length }),
    dangers: [
      ix.accounts.includes(user)
        ? t('sol.unknownWithYou', { program: ix.program })
        : t('sol.unknown', { program: ix.program }),
    ],
    fields: [
      leaf(t('sol.program'), ix.program, true),
      leaf(t('sol.data'), t('bytes.count', { count: ix.data.length })),
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
  if (feePayer === user && signers.length > 1) dangers.push(t('sol.othersSign'))
  return {
    transaction,
    signerIndex,
    feePayer,
    instructions: described,
    unsignedOthers,
    view: {
      title: t('sol.signTitle'),
      dangers,
      summary: described.map((d) => d.summary),
      sections: [
        {
          title: t('sol.request'),
          fields: [
            leaf(t('sol.fromSite'), origin),
            leaf(
              t('sol.feePaidBy'),
              feePayer === user ? t('address.you', { address: feePayer }) : feePayer,
              true,
            ),
            leaf(t('sol.instructions'), String(described.length)),
          ],
        },
        ...described.flatMap((d, i) =>
          d.fields.length > 0
            ? [{ title: t('sol.instruction', { n: i + 1 }), fields: d.fields }]
            : [],
        ),
      ],
      raw: {
        label: t('sol.rawMessage'),
        text: toHex(new Uint8Array(transaction.messageBytes)),
      },
    },
  }
}
