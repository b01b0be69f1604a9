/**
 * The ante handler of SDK 0.50's x/auth, in its order: basic checks, timeout height, memo, gas
 * for the tx size, fee (minimum gas prices at CheckTx, then deducted to fee_collector), public
 * keys, gas per signature, sequence and signature checks, sequence increment. Writes land on the
 * state passed in (a branch the caller keeps or drops).
 */
import { pubKeyAddress } from './address.js'
import { GAS, MAX_MEMO_CHARACTERS, MIN_GAS_PRICE } from './config.js'
import { sdkError } from './errors.js'
import { type AbciEvent, event, signerEvents } from './events.js'
import type { GasMeter } from './gas.js'
import { signBytes, signerPubKey, verifySecp256k1 } from './signatures.js'
import { type ChainState, type Coin, coinsString, validateCoins } from './state.js'
import type { DecodedTx } from './tx.js'

export type ExecMode = 'check' | 'deliver' | 'simulate'

export interface AnteContext {
  state: ChainState
  chainId: string
  /** Height of the block the transaction would be in. */
  height: bigint
  mode: ExecMode
  gas: GasMeter
  events: AbciEvent[]
}

/** `minimum-gas-prices` × gas limit, rounded up, as the mempool fee check computes it. */
export function requiredFee(gasLimit: bigint): Coin {
  const [whole, fraction = ''] = String(MIN_GAS_PRICE.amount).split('.')
  const scale = 10n ** BigInt(fraction.length)
  const price = BigInt(whole ?? '0') * scale + BigInt(fraction || '0')
  return { denom: MIN_GAS_PRICE.denom, amount: (price * gasLimit + scale - 1n) / scale }
}

function validateBasic(tx: DecodedTx) {
  const signatures = tx.raw.signatures.length
  if (signatures === 0) throw sdkError('noSignatures')
  if (signatures !== tx.signers.length)
    throw sdkError(
      'unauthorized',
      `wrong number of signers; expected ${tx.signers.length}, got ${signatures}`,
    )
  if (tx.authInfo.signerInfos.length !== signatures)
    throw sdkError(
      'unauthorized',
      `invalid number of signer;  expected: ${tx.authInfo.signerInfos.length}, got ${signatures}`,
    )
}

function deductFee(tx: DecodedTx, ctx: AnteContext) {
  const fee = tx.fee.amount
  try {
    validateCoins(fee)
  } catch {
    throw sdkError('insufficientFee', `invalid fee amount: ${coinsString(fee)}`)
  }
  if (ctx.mode === 'check') {
    const required = requiredFee(tx.fee.gasLimit)
    const paid = fee.find((c) => c.denom === required.denom)?.amount ?? 0n
    if (required.amount > 0n && paid < required.amount)
      throw sdkError(
        'insufficientFee',
        `insufficient fees; got: ${coinsString(fee) || '0'} required: ${coinsString([required])}`,
      )
  }
  const payer = tx.signers[0] as string
  if (!ctx.state.account(payer))
    throw sdkError('unknownAddress', `fee payer address: ${payer} does not exist`)
  if (fee.length) {
    try {
      ctx.state.send(payer, ctx.state.feeCollector, fee, ctx.events)
    } catch (error) {
      throw sdkError('insufficientFunds', (error as Error).message)
    }
  }
  ctx.events.push(event('tx', { fee: coinsString(fee), fee_payer: payer }))
}

export function runAnte(tx: DecodedTx, ctx: AnteContext): void {
  validateBasic(tx)
  if (tx.body.timeoutHeight > 0n && ctx.height > tx.body.timeoutHeight)
    throw sdkError(
      'txTimeoutHeight',
      `block height: ${ctx.height}, timeout height: ${tx.body.timeoutHeight}`,
    )
  const memoLength = [...tx.body.memo].length
  if (memoLength > MAX_MEMO_CHARACTERS)
    throw sdkError(
      'memoTooLarge',
      `maximum number of characters is ${MAX_MEMO_CHARACTERS} but received ${memoLength} characters`,
    )
  ctx.gas.consume(GAS.txSizeCostPerByte * tx.bytes.length, 'txSize')
  ctx.gas.consume(GAS.ante, 'ante')
  deductFee(tx, ctx)

  const signed = tx.signers.map((address, i) => {
    const account = ctx.state.account(address)
    if (!account) throw sdkError('unknownAddress', `account ${address} does not exist`)
    const given = signerPubKey(tx, i)
    if (given && pubKeyAddress(given, ctx.state.prefix) !== address)
      throw sdkError(
        'invalidPubKey',
        `pubKey does not match signer address ${address} with signer index: ${i}`,
      )
    if (given && !account.pubKey) account.pubKey = given
    const pubKey = account.pubKey
    // Simulation may run before the account has a key (cosmjs sends it anyway).
    if (!pubKey && ctx.mode !== 'simulate')
      throw sdkError('invalidPubKey', 'pubkey on account is not set')
    const sequence = tx.authInfo.signerInfos[i]?.sequence ?? 0n
    return { address, account, pubKey, sequence, signature: tx.raw.signatures[i] as Uint8Array }
  })
  ctx.events.push(...signerEvents(signed))

  for (const _ of signed) ctx.gas.consume(GAS.sigVerifyCostSecp256k1, 'ante verify: secp256k1')

  for (const s of signed) {
    if (s.sequence !== s.account.sequence)
      throw sdkError(
        'wrongSequence',
        `account sequence mismatch, expected ${s.account.sequence}, got ${s.sequence}`,
      )
    if (ctx.mode === 'simulate') continue
    const data = {
      chainId: ctx.chainId,
      accountNumber: s.account.accountNumber,
      sequence: s.account.sequence,
    }
    const bytes = signBytes(tx, tx.signers.indexOf(s.address), data)
    const reason =
      typeof bytes === 'string'
        ? bytes
        : verifySecp256k1(s.pubKey as Uint8Array, bytes, s.signature)
          ? undefined
          : 'unable to verify single signer signature'
    if (reason)
      throw sdkError(
        'unauthorized',
        `signature verification failed; please verify account number (${data.accountNumber}) and chain-id (${data.chainId}): (${reason})`,
      )
  }
  for (const s of signed) s.account.sequence += 1n
}
