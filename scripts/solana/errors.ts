/**
 * litesvm reports transaction errors as native classes and numeric enums; a Solana RPC node
 * reports them as the JSON form of the runtime's `TransactionError` (`"AlreadyProcessed"`,
 * `{"InstructionError":[0,{"Custom":1}]}`). This is that mapping, so clients that read `err`
 * (the kit, the indexer) see exactly what a validator would send.
 */
import type { FailedTransactionMetadata } from 'litesvm'

// litesvm's error classes are not exported by name; these are their shapes.
type TransactionErrorInstructionError = {
  index: number
  err(): number | { code: number } | { msg: string }
}
type TransactionErrorInsufficientFundsForRent = { accountIndex: number }

// The runtime's names in declaration order: litesvm's const enums are these indices.
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

/** The JSON a validator puts in `meta.err` and `status.Err`. */
export type RpcTransactionError = string | Record<string, unknown>

type LitesvmError = ReturnType<FailedTransactionMetadata['err']>

function instructionError(error: ReturnType<TransactionErrorInstructionError['err']>): unknown {
  if (typeof error === 'number') return INSTRUCTION_ERRORS[error] ?? 'GenericError'
  if ('code' in error) return { Custom: error.code }
  return { BorshIoError: error.msg }
}

export function toRpcError(error: LitesvmError): RpcTransactionError {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? 'SanitizeFailure'
  const name = error.constructor.name
  if (name === 'TransactionErrorInstructionError') {
    const e = error as unknown as TransactionErrorInstructionError
    return { InstructionError: [e.index, instructionError(e.err())] }
  }
  if (name === 'TransactionErrorDuplicateInstruction')
    return { DuplicateInstruction: (error as { index: number }).index }
  if (name === 'TransactionErrorInsufficientFundsForRent')
    return {
      InsufficientFundsForRent: {
        account_index: (error as unknown as TransactionErrorInsufficientFundsForRent).accountIndex,
      },
    }
  return {
    ProgramExecutionTemporarilyRestricted: {
      account_index: (error as { accountIndex: number }).accountIndex,
    },
  }
}

/**
 * Errors raised before execution: a validator drops such a transaction (no fee, no ledger
 * entry); only errors raised while executing land on chain as a failed transaction.
 */
export function landsOnChain(error: LitesvmError): boolean {
  return typeof error !== 'number'
}

/** The validator's preflight wording for the common rejections. */
export function describeError(error: RpcTransactionError): string {
  if (error === 'AlreadyProcessed') return 'This transaction has already been processed'
  if (error === 'BlockhashNotFound') return 'Blockhash not found'
  if (error === 'InsufficientFundsForFee') return 'Insufficient funds for fee'
  if (error === 'AccountNotFound')
    return 'Attempt to debit an account but found no record of a prior credit.'
  if (error === 'SignatureFailure') return 'Transaction did not pass signature verification'
  if (typeof error === 'string') return error
  if ('InstructionError' in error) {
    const [index, inner] = error.InstructionError as [number, unknown]
    const detail =
      typeof inner === 'string'
        ? inner
        : inner && typeof inner === 'object' && 'Custom' in inner
          ? `custom program error: 0x${(inner as { Custom: number }).Custom.toString(16)}`
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${detail}`
  }
  return JSON.stringify(error)
}

/** A JSON-RPC error answer: `{ code, message, data }`. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602

export const notImplemented = (what: string) =>
  new RpcError(METHOD_NOT_FOUND, `${what} is not implemented by Latch's local Solana cluster`)
