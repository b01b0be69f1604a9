/**
 * The local cluster's ledger around litesvm: litesvm executes transactions and holds accounts;
 * this adds what a validator's RPC serves and litesvm does not keep — slots with their times and
 * blockhashes, every landed transaction with its balances before and after, and the index of
 * signatures by account (docs/solana.md#the-local-cluster).
 *
 * One transaction is one slot, so a slot's time is the time its transaction was given: the seed
 * sets it months back, live use takes the wall clock.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  type Address,
  type Blockhash,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type LegacyCompiledTransactionMessage,
  type Transaction,
  type V0CompiledTransactionMessage,
} from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { describeError, landsOnChain, type RpcTransactionError, toRpcError } from './errors.js'
import {
  type RawAccount,
  type RpcTokenBalance,
  readMint,
  readTokenAccount,
  uiAmount,
} from './tokens.js'

/** How many slots a blockhash stays usable, as on a real cluster. */
export const BLOCKHASH_VALIDITY_SLOTS = 150
export const LAMPORTS_PER_SIGNATURE = 5000n
/**
 * The same genesis hash on every run, so the dev cluster keeps one CAIP-2 id
 * (`solana:36JLwM6MazaC3NZWkqVzp2E7rvZCmkGP`, the hash's first 32 characters) that apps can name.
 */
export const LOCAL_GENESIS_HASH = '36JLwM6MazaC3NZWkqVzp2E7rvZCmkGPfZcTuyAmJNRo'
export const LOCAL_CLUSTER_CAIP2 = `solana:${LOCAL_GENESIS_HASH.slice(0, 32)}`
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'

const base58 = getBase58Decoder()

export interface CompiledInstructionRecord {
  programIdIndex: number
  accounts: number[]
  data: string
  stackHeight: number | null
}

export interface LedgerTransaction {
  signature: string
  slot: number
  blockTime: number
  /** The transaction as it was sent (wire bytes). */
  wire: Uint8Array
  version: 0 | 'legacy'
  accountKeys: Address[]
  header: {
    numRequiredSignatures: number
    numReadonlySignedAccounts: number
    numReadonlyUnsignedAccounts: number
  }
  signatures: string[]
  recentBlockhash: string
  instructions: CompiledInstructionRecord[]
  err: RpcTransactionError | null
  fee: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: RpcTokenBalance[]
  postTokenBalances: RpcTokenBalance[]
  logMessages: string[]
  innerInstructions: Array<{ index: number; instructions: CompiledInstructionRecord[] }>
  computeUnitsConsumed: bigint
}

/** A transaction the cluster refused before running it (it never lands). */
export class TransactionRejectedError extends Error {
  override name = 'TransactionRejectedError'
  constructor(
    readonly err: RpcTransactionError,
    readonly logs: string[] = [],
  ) {
    super(describeError(err))
  }
}

export interface SimulationResult {
  err: RpcTransactionError | null
  logs: string[]
  unitsConsumed: bigint
}

type Listener = (event: { slot: number; transaction: LedgerTransaction }) => void

export class SolanaLedger {
  readonly svm: LiteSVM
  readonly genesisHash = LOCAL_GENESIS_HASH
  /** Differs on every run: blockhashes (so signatures) of two runs never collide. */
  private readonly runId = randomBytes(16).toString('hex')
  slot = 0
  private readonly blockhashes = new Map<string, number>()
  private readonly slotTimes = new Map<number, number>()
  private latest: string
  private readonly transactions = new Map<string, LedgerTransaction>()
  /** Per account, signatures oldest first (newest-first reads walk it backwards). */
  private readonly byAddress = new Map<string, string[]>()
  private readonly listeners = new Set<Listener>()
  /** The time given to the next slot; null: the wall clock. */
  private nextTime: number | null = null

  constructor() {
    // Blockhashes are checked here (a window of 150 slots), not by litesvm, which knows only the
    // latest one: a wallet that fetched a blockhash before another transaction landed must work.
    this.svm = new LiteSVM().withBlockhashCheck(false).withSigverify(true)
    this.latest = this.blockhashFor(0)
    this.blockhashes.set(this.latest, 0)
    this.slotTimes.set(0, Math.floor(Date.now() / 1000))
    this.svm.warpToSlot(0n)
  }

  private blockhashFor(slot: number): string {
    return base58.decode(
      createHash('sha256').update(`${this.genesisHash}:${this.runId}:${slot}`).digest(),
    )
  }

  latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint } {
    return {
      blockhash: this.latest as Blockhash,
      lastValidBlockHeight: BigInt(this.slot + BLOCKHASH_VALIDITY_SLOTS),
    }
  }

  isBlockhashValid(blockhash: string): boolean {
    const slot = this.blockhashes.get(blockhash)
    return slot !== undefined && this.slot - slot <= BLOCKHASH_VALIDITY_SLOTS
  }

  blockTime(slot: number): number | null {
    return this.slotTimes.get(slot) ?? null
  }

  /** Dates the next transactions (the seed writes history in the past); null: the wall clock. */
  setTime(unixSeconds: number | null): void {
    this.nextTime = unixSeconds
  }

  onTransaction(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  account(address: Address): RawAccount | null {
    const account = this.svm.getAccount(address)
    if (!account.exists) return null
    return {
      lamports: account.lamports,
      data: new Uint8Array(account.data),
      owner: account.programAddress,
      executable: account.executable,
    }
  }

  decimalsOf(mint: Address): number | null {
    return readMint(this.account(mint))?.decimals ?? null
  }

  transaction(signature: string): LedgerTransaction | null {
    return this.transactions.get(signature) ?? null
  }

  transactionCount(): number {
    return this.transactions.size
  }

  /** Signatures touching the account, newest first. */
  signaturesFor(address: string): readonly string[] {
    return [...(this.byAddress.get(address) ?? [])].reverse()
  }

  decode(wire: Uint8Array): Transaction {
    try {
      return getTransactionDecoder().decode(wire)
    } catch {
      throw new TransactionRejectedError('SanitizeFailure')
    }
  }

  simulate(transaction: Transaction, options: { sigVerify?: boolean } = {}): SimulationResult {
    const svm = options.sigVerify === false ? this.svm.withSigverify(false) : this.svm
    try {
      this.checkLifetime(transaction)
      const result = svm.simulateTransaction(transaction)
      if (result instanceof FailedTransactionMetadata)
        return {
          err: toRpcError(result.err()),
          logs: result.meta().logs(),
          unitsConsumed: result.meta().computeUnitsConsumed(),
        }
      return {
        err: null,
        logs: result.meta().logs(),
        unitsConsumed: result.meta().computeUnitsConsumed(),
      }
    } catch (error) {
      if (error instanceof TransactionRejectedError)
        return { err: error.err, logs: [], unitsConsumed: 0n }
      throw error
    } finally {
      if (options.sigVerify === false) this.svm.withSigverify(true)
    }
  }

  private checkLifetime(transaction: Transaction): void {
    const message = decodeMessage(transaction)
    if ('addressTableLookups' in message && (message.addressTableLookups?.length ?? 0) > 0)
      throw new TransactionRejectedError('AddressLookupTableNotFound')
    if (!this.isBlockhashValid(message.lifetimeToken))
      throw new TransactionRejectedError('BlockhashNotFound')
    const signature = firstSignature(transaction)
    if (this.transactions.has(signature)) throw new TransactionRejectedError('AlreadyProcessed')
  }

  /**
   * Runs the transaction in a new slot. A failure while executing lands (fee charged, `err` set),
   * as on a validator; a failure before it throws TransactionRejectedError and nothing changes.
   */
  submit(transaction: Transaction): LedgerTransaction {
    this.checkLifetime(transaction)
    const message = decodeMessage(transaction)
    const keys = message.staticAccounts
    const preBalances = keys.map((key) => this.account(key)?.lamports ?? 0n)
    const preTokenBalances = this.tokenBalances(keys)
    const slot = this.slot + 1
    const time = this.nextTime ?? Math.floor(Date.now() / 1000)
    const clock = this.svm.getClock()
    clock.slot = BigInt(slot)
    clock.unixTimestamp = BigInt(time)
    this.svm.setClock(clock)

    const result = this.svm.sendTransaction(transaction)
    let meta: TransactionMetadata
    let err: RpcTransactionError | null = null
    if (result instanceof FailedTransactionMetadata) {
      const cause = result.err()
      if (!landsOnChain(cause))
        throw new TransactionRejectedError(toRpcError(cause), result.meta().logs())
      err = toRpcError(cause)
      meta = result.meta()
    } else meta = result

    this.slot = slot
    this.slotTimes.set(slot, time)
    this.latest = this.blockhashFor(slot)
    this.blockhashes.set(this.latest, slot)
    this.blockhashes.delete(this.blockhashFor(slot - BLOCKHASH_VALIDITY_SLOTS - 1))

    const record: LedgerTransaction = {
      signature: firstSignature(transaction),
      slot,
      blockTime: time,
      wire: new Uint8Array(getTransactionEncoder().encode(transaction)),
      version: message.version === 'legacy' ? 'legacy' : 0,
      accountKeys: [...keys],
      header: {
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      },
      signatures: Object.values(transaction.signatures).map((s) =>
        s ? base58.decode(s) : '1111111111111111111111111111111111111111111111111111111111111111',
      ),
      recentBlockhash: message.lifetimeToken,
      instructions: message.instructions.map((ix) => ({
        programIdIndex: ix.programAddressIndex,
        accounts: [...(ix.accountIndices ?? [])],
        data: base58.decode(ix.data ?? new Uint8Array()),
        stackHeight: null,
      })),
      err,
      fee: feeOf(message, Object.keys(transaction.signatures).length),
      preBalances,
      postBalances: keys.map((key) => this.account(key)?.lamports ?? 0n),
      preTokenBalances,
      postTokenBalances: this.tokenBalances(keys),
      logMessages: meta.logs(),
      innerInstructions: meta
        .innerInstructions()
        .map((inner, index) => ({
          index,
          instructions: inner.map((i) => ({
            programIdIndex: i.instruction().programIdIndex(),
            accounts: [...i.instruction().accounts()],
            data: base58.decode(i.instruction().data()),
            stackHeight: i.stackHeight(),
          })),
        }))
        .filter((entry) => entry.instructions.length > 0),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
    }
    this.transactions.set(record.signature, record)
    for (const key of new Set(keys)) {
      const list = this.byAddress.get(key) ?? []
      list.push(record.signature)
      this.byAddress.set(key, list)
    }
    for (const listener of this.listeners) listener({ slot, transaction: record })
    return record
  }

  private tokenBalances(keys: readonly Address[]): RpcTokenBalance[] {
    const balances: RpcTokenBalance[] = []
    keys.forEach((key, accountIndex) => {
      const raw = this.account(key)
      const token = readTokenAccount(raw)
      if (!raw || !token) return
      balances.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: raw.owner,
        uiTokenAmount: uiAmount(token.amount, this.decimalsOf(token.mint) ?? 0),
      })
    })
    return balances
  }
}

type CompiledMessage = (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) & {
  lifetimeToken: string
}

/** Legacy and v0 messages; v1 (not live on any cluster yet) is refused as a validator would. */
function decodeMessage(transaction: Transaction): CompiledMessage {
  let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
  try {
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  } catch {
    throw new TransactionRejectedError('SanitizeFailure')
  }
  if (message.version !== 'legacy' && message.version !== 0)
    throw new TransactionRejectedError('UnsupportedVersion')
  return message as CompiledMessage
}

export function firstSignature(transaction: Transaction): string {
  const first = Object.values(transaction.signatures)[0]
  if (!first) throw new TransactionRejectedError('MissingSignatureForFee')
  return base58.decode(first)
}

/**
 * The base fee per signature plus the priority fee the compute-budget instructions ask for
 * (price in micro-lamports per unit × the unit limit), which is what the runtime charges.
 */
function feeOf(message: CompiledMessage, signatures: number): bigint {
  let price = 0n
  let limit: bigint | null = null
  let others = 0n
  for (const ix of message.instructions) {
    const program = message.staticAccounts[ix.programAddressIndex]
    const data = ix.data ?? new Uint8Array()
    if (program !== COMPUTE_BUDGET_PROGRAM) {
      others += 1n
      continue
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true))
    if (data[0] === 3 && data.length >= 9) price = view.getBigUint64(1, true)
  }
  const units = limit ?? (others * 200_000n > 1_400_000n ? 1_400_000n : others * 200_000n)
  const priority = (price * units + 999_999n) / 1_000_000n
  return LAMPORTS_PER_SIGNATURE * BigInt(signatures) + priority
}
