/**
 * The Solana JSON-RPC methods the local cluster answers, in a validator's shapes. A method or an
 * option it does not implement is a JSON-RPC error naming it — never a silent wrong answer
 * (docs/solana.md#the-local-cluster).
 */
import { type Address, getBase58Decoder, getBase58Encoder, getBase64Encoder } from '@solana/kit'
import { INVALID_PARAMS, notImplemented, RpcError } from './errors.js'
import { LAMPORTS_PER_SIGNATURE, type SolanaLedger } from './ledger.js'
import { parsedTokenData, type RawAccount, readTokenAccount, uiAmount } from './tokens.js'
import { encodeTransaction, sendTransaction } from './transactions.js'

const invalid = (message: string) => new RpcError(INVALID_PARAMS, `Invalid params: ${message}`)

type Params = unknown[]
type Handler = (ledger: SolanaLedger, params: Params) => unknown

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

export function addressParam(value: unknown): Address {
  if (typeof value !== 'string' || !BASE58_ADDRESS.test(value))
    throw invalid('Invalid param: WrongSize')
  return value as Address
}

function config(params: Params, index: number): Record<string, unknown> {
  const value = params[index]
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalid(`parameter ${index} must be an object`)
  return value as Record<string, unknown>
}

const context = (ledger: SolanaLedger) => ({ apiVersion: '2.2.0', slot: ledger.slot })

export function encodeAccount(ledger: SolanaLedger, account: RawAccount | null, encoding: unknown) {
  if (!account) return null
  const base = {
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: 18446744073709551615n,
    space: account.data.length,
  }
  if (encoding === 'jsonParsed') {
    const parsed = parsedTokenData(account, (mint) => ledger.decimalsOf(mint))
    if (parsed) return { ...base, data: parsed }
  }
  if (encoding === 'base58') return { ...base, data: [base58Text(account.data), 'base58'] }
  if (encoding === undefined || encoding === 'base64' || encoding === 'jsonParsed')
    return { ...base, data: [Buffer.from(account.data).toString('base64'), 'base64'] }
  throw notImplemented(`Account encoding "${String(encoding)}"`)
}

function base58Text(bytes: Uint8Array): string {
  return getBase58Decoder().decode(bytes)
}

function decodeWire(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string') throw invalid('the transaction must be a string')
  try {
    if (encoding === 'base64') return new Uint8Array(getBase64Encoder().encode(value))
    if (encoding === undefined || encoding === 'base58')
      return new Uint8Array(getBase58Encoder().encode(value))
  } catch {
    throw invalid('failed to decode the transaction')
  }
  throw invalid(`unsupported encoding: ${String(encoding)}`)
}

function signatureStatus(ledger: SolanaLedger, signature: unknown) {
  if (typeof signature !== 'string') throw invalid('signatures must be strings')
  const tx = ledger.transaction(signature)
  if (!tx) return null
  return {
    slot: tx.slot,
    confirmations: null,
    err: tx.err,
    status: tx.err ? { Err: tx.err } : { Ok: null },
    confirmationStatus: 'finalized',
  }
}

export const methods: Record<string, Handler> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
  getGenesisHash: (ledger) => ledger.genesisHash,
  getIdentity: (ledger) => ({ identity: ledger.genesisHash }),
  getSlot: (ledger) => ledger.slot,
  getBlockHeight: (ledger) => ledger.slot,
  getTransactionCount: (ledger) => ledger.transactionCount(),
  getFirstAvailableBlock: () => 0,
  minimumLedgerSlot: () => 0,
  getEpochInfo: (ledger) => ({
    absoluteSlot: ledger.slot,
    blockHeight: ledger.slot,
    epoch: 0,
    slotIndex: ledger.slot,
    slotsInEpoch: 432_000,
    transactionCount: ledger.transactionCount(),
  }),
  getBlockTime: (ledger, params) => {
    const time = ledger.blockTime(Number(params[0]))
    if (time === null)
      throw new RpcError(-32004, `Block not available for slot ${String(params[0])}`)
    return time
  },
  getLatestBlockhash: (ledger) => ({ context: context(ledger), value: ledger.latestBlockhash() }),
  isBlockhashValid: (ledger, params) => ({
    context: context(ledger),
    value: ledger.isBlockhashValid(String(params[0])),
  }),
  getBalance: (ledger, params) => ({
    context: context(ledger),
    value: ledger.account(addressParam(params[0]))?.lamports ?? 0n,
  }),
  getAccountInfo: (ledger, params) => ({
    context: context(ledger),
    value: encodeAccount(
      ledger,
      ledger.account(addressParam(params[0])),
      config(params, 1).encoding,
    ),
  }),
  getMultipleAccounts: (ledger, params) => {
    if (!Array.isArray(params[0])) throw invalid('expected an array of addresses')
    const encoding = config(params, 1).encoding
    return {
      context: context(ledger),
      value: params[0].map((a) => encodeAccount(ledger, ledger.account(addressParam(a)), encoding)),
    }
  },
  getMinimumBalanceForRentExemption: (ledger, params) =>
    ledger.svm.minimumBalanceForRentExemption(BigInt(Number(params[0] ?? 0))),
  getFeeForMessage: (ledger, params) => {
    const bytes = decodeWire(params[0], 'base64')
    // The header's first byte counts signatures (after a version prefix for v0 messages).
    const signatures = bytes[0] !== undefined && bytes[0] & 0x80 ? bytes[1] : bytes[0]
    return { context: context(ledger), value: LAMPORTS_PER_SIGNATURE * BigInt(signatures ?? 1) }
  },
  getRecentPrioritizationFees: () => [],
  getTokenAccountsByOwner: (ledger, params) => {
    const owner = addressParam(params[0])
    const filter = config(params, 1)
    const encoding = config(params, 2).encoding
    const programs =
      typeof filter.programId === 'string'
        ? [addressParam(filter.programId)]
        : typeof filter.mint === 'string'
          ? null
          : (() => {
              throw invalid('expected a filter with "mint" or "programId"')
            })()
    const mint = typeof filter.mint === 'string' ? addressParam(filter.mint) : null
    const candidates = (
      programs ?? [
        'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
      ]
    ).flatMap((program) => ledger.svm.getProgramAccounts(program as Address))
    const value = []
    for (const account of candidates) {
      const raw: RawAccount = {
        lamports: account.lamports,
        data: new Uint8Array(account.data),
        owner: account.programAddress,
        executable: account.executable,
      }
      const token = readTokenAccount(raw)
      if (!token || token.owner !== owner || (mint && token.mint !== mint)) continue
      value.push({ pubkey: account.address, account: encodeAccount(ledger, raw, encoding) })
    }
    return { context: context(ledger), value }
  },
  getTokenAccountBalance: (ledger, params) => {
    const raw = ledger.account(addressParam(params[0]))
    const token = readTokenAccount(raw)
    if (!token) throw invalid('Invalid param: not a Token account')
    const decimals = ledger.decimalsOf(token.mint) ?? 0
    return { context: context(ledger), value: uiAmount(token.amount, decimals) }
  },
  getTokenSupply: (ledger, params) => {
    const raw = ledger.account(addressParam(params[0]))
    const parsed = raw && parsedTokenData(raw, () => null)
    const info = parsed?.parsed as { type: string; info: { supply: string; decimals: number } }
    if (info?.type !== 'mint') throw invalid('Invalid param: not a Token mint')
    return {
      context: context(ledger),
      value: uiAmount(BigInt(info.info.supply), info.info.decimals),
    }
  },
  getSignatureStatuses: (ledger, params) => {
    if (!Array.isArray(params[0])) throw invalid('expected an array of signatures')
    if (params[0].length > 256) throw invalid('Too many inputs provided; max 256')
    return { context: context(ledger), value: params[0].map((s) => signatureStatus(ledger, s)) }
  },
  getSignaturesForAddress: (ledger, params) => {
    const address = addressParam(params[0])
    const options = config(params, 1)
    const limit = options.limit === undefined ? 1000 : Number(options.limit)
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw invalid('Invalid limit; max 1000')
    const all = ledger.signaturesFor(address)
    let start = 0
    if (typeof options.before === 'string') {
      const at = all.indexOf(options.before)
      start = at === -1 ? all.length : at + 1
    }
    const out = []
    for (let i = start; i < all.length && out.length < limit; i++) {
      const signature = all[i] as string
      if (signature === options.until) break
      const tx = ledger.transaction(signature)
      if (!tx) continue
      out.push({
        signature,
        slot: tx.slot,
        err: tx.err,
        memo: null,
        blockTime: tx.blockTime,
        confirmationStatus: 'finalized',
      })
    }
    return out
  },
  getTransaction: (ledger, params) => {
    if (typeof params[0] !== 'string') throw invalid('expected a signature')
    const options = config(params, 1)
    const tx = ledger.transaction(params[0])
    if (!tx) return null
    if (tx.version !== 'legacy' && options.maxSupportedTransactionVersion === undefined)
      throw new RpcError(
        -32015,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      )
    return encodeTransaction(tx, options.encoding)
  },
  sendTransaction: (ledger, params) => {
    const options = config(params, 1)
    return sendTransaction(ledger, decodeWire(params[0], options.encoding), {
      skipPreflight: options.skipPreflight === true,
    })
  },
  simulateTransaction: (ledger, params) => {
    const options = config(params, 1)
    if (options.replaceRecentBlockhash === true)
      throw notImplemented('simulateTransaction with replaceRecentBlockhash')
    if (options.accounts) throw notImplemented('simulateTransaction with accounts')
    const transaction = ledger.decode(decodeWire(params[0], options.encoding))
    const result = ledger.simulate(transaction, { sigVerify: options.sigVerify === true })
    return {
      context: context(ledger),
      value: {
        err: result.err,
        logs: result.logs,
        accounts: null,
        unitsConsumed: result.unitsConsumed,
        returnData: null,
      },
    }
  },
}
