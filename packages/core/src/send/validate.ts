import { formatUnits, parseUnits } from 'viem'
import { namespaceTraits } from '../adapters/registry.js'
import { errorMessages } from '../errors/messages.js'
import type { ChainNamespace } from '../networks/types.js'
import type { TokenBalance } from '../stores/account.js'

export interface SendDraft {
  token: TokenBalance | undefined
  /** What the visitor typed, as a decimal string. */
  amount: string | undefined
  receiver: string | undefined
  namespace: ChainNamespace
  /** The network fee in the native token's smallest unit, when estimated. */
  fee?: bigint | undefined
}

export type SendCheck =
  | { ok: true; value: bigint; decimals: number; to: string; tokenAddress: string | undefined }
  | { ok: false; message: string; field: 'token' | 'amount' | 'receiver' }

const DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/

/** The contract part of a CAIP-10 token id (eip155:1:0x…), or the id itself. */
export function tokenContract(token: Pick<TokenBalance, 'address'>): string | undefined {
  return token.address?.split(':').pop()
}

/**
 * Whether the receiver is an address of `namespace`, by its registered traits (EVM hex with a
 * valid checksum if mixed-case, Solana base58 of a 32-byte key); any text for a namespace without.
 */
export function isReceiverAddress(receiver: string, namespace: ChainNamespace): boolean {
  return namespaceTraits(namespace)?.isAddress(receiver) ?? receiver.length > 0
}

/**
 * Checks a send before anything reaches the wallet, in the order the form reads, and turns the
 * amount into the token's smallest unit. The first two messages are the reference's own wording
 * (docs/behaviour.md#validation).
 */
export function validateSend(draft: SendDraft): SendCheck {
  const amount = draft.amount?.trim() ?? ''
  const receiver = draft.receiver?.trim() ?? ''
  if (!draft.token) return { ok: false, message: errorMessages.tokenRequired, field: 'token' }
  if (!amount || !receiver)
    return {
      ok: false,
      message: errorMessages.amountAndReceiverRequired,
      field: amount ? 'receiver' : 'amount',
    }
  const tokenAddress = draft.token.address ? tokenContract(draft.token) : undefined
  if (draft.token.address !== undefined && !tokenAddress)
    return { ok: false, message: errorMessages.tokenAddressRequired, field: 'token' }
  const decimals = Number(draft.token.quantity.decimals)
  if (!DECIMAL.test(amount))
    return { ok: false, message: errorMessages.invalidAmount, field: 'amount' }
  const fraction = amount.split('.')[1] ?? ''
  if (fraction.replace(/0+$/, '').length > decimals)
    return {
      ok: false,
      message: errorMessages.tooManyDecimals(draft.token.symbol, decimals),
      field: 'amount',
    }
  const value = parseUnits(amount, decimals)
  if (value <= 0n) return { ok: false, message: errorMessages.invalidAmount, field: 'amount' }
  if (!isReceiverAddress(receiver, draft.namespace))
    return { ok: false, message: errorMessages.invalidReceiver, field: 'receiver' }
  const balance = parseUnits(draft.token.quantity.numeric, decimals)
  if (value > balance)
    return { ok: false, message: errorMessages.insufficientFunds, field: 'amount' }
  if (!tokenAddress && draft.fee !== undefined && value + draft.fee > balance)
    return {
      ok: false,
      message: errorMessages.insufficientFundsForFee(draft.token.symbol),
      field: 'amount',
    }
  return { ok: true, value, decimals, to: receiver, tokenAddress }
}

/**
 * The most the account can send of `token`: the whole balance of an ERC-20, the native balance
 * less the fee (never below zero).
 */
export function maxSendable(token: TokenBalance, fee: bigint | undefined): bigint {
  const decimals = Number(token.quantity.decimals)
  const balance = parseUnits(token.quantity.numeric, decimals)
  if (token.address) return balance
  const rest = balance - (fee ?? 0n)
  return rest > 0n ? rest : 0n
}

/** An amount in a token's smallest unit as the decimal string a person types ("1.5"). */
export function toDecimalAmount(value: bigint, decimals: number): string {
  return formatUnits(value, decimals)
}
