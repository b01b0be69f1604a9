/**
 * The application: CheckTx (ante only, against the mempool's state), FinalizeBlock's per-tx
 * execution (ante, then messages; a failed message keeps the ante's fee and sequence, as on a
 * real chain) and simulation (no signature checks, no gas limit), with SDK 0.50's results.
 */
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci'
import type { Any } from 'cosmjs-types/google/protobuf/any'
import { addressProblem } from './address.js'
import { type ExecMode, runAnte } from './ante.js'
import { GAS } from './config.js'
import { SdkError, sdkError } from './errors.js'
import { type AbciEvent, messageEvents } from './events.js'
import { GasMeter } from './gas.js'
import { type ChainState, coinsString, validateCoins } from './state.js'
import { type DecodedTx, MSG_SEND, MSG_SEND_RESPONSE, type SendMessage } from './tx.js'

export interface TxResult {
  code: number
  codespace: string
  log: string
  /** TxMsgData protobuf: the messages' responses. */
  data: Uint8Array
  gasWanted: bigint
  gasUsed: bigint
  events: AbciEvent[]
  msgResponses: Any[]
}

function send(state: ChainState, msg: SendMessage, index: number, gas: GasMeter): AbciEvent[] {
  gas.consume(GAS.msgSend + GAS.perCoin * msg.amount.length, 'bank send')
  const toProblem = addressProblem(msg.toAddress, state.prefix)
  if (toProblem) throw sdkError('invalidAddress', `invalid to address: ${toProblem}`)
  validateCoins(msg.amount)
  if (msg.amount.length === 0) throw sdkError('invalidCoins', coinsString(msg.amount))
  if (msg.toAddress === state.feeCollector)
    throw sdkError('unauthorized', `${msg.toAddress} is not allowed to receive funds`)
  const emitted: AbciEvent[] = []
  state.send(msg.fromAddress, msg.toAddress, msg.amount, emitted)
  return messageEvents(index, MSG_SEND, msg.fromAddress, 'bank', emitted)
}

function failure(error: unknown, gas: GasMeter, tx: DecodedTx, events: AbciEvent[]): TxResult {
  if (!(error instanceof SdkError)) throw error
  return {
    code: error.code,
    codespace: error.codespace,
    log: error.message,
    data: new Uint8Array(),
    gasWanted: tx.fee.gasLimit,
    gasUsed: gas.used,
    events,
    msgResponses: [],
  }
}

/**
 * Runs `tx` on `state` in `mode`. `state` keeps the ante's writes when the ante passes and the
 * messages' writes when every message passes; nothing when the ante fails.
 */
export function runTx(
  tx: DecodedTx,
  state: ChainState,
  mode: ExecMode,
  chain: { chainId: string; height: bigint },
): TxResult {
  const gas = new GasMeter(mode === 'simulate' ? undefined : tx.fee.gasLimit)
  const anteEvents: AbciEvent[] = []
  const anteState = state.branch()
  try {
    runAnte(tx, { ...chain, state: anteState, mode, gas, events: anteEvents })
  } catch (error) {
    return failure(error, gas, tx, [])
  }
  state.adopt(anteState)
  const ok = (events: AbciEvent[], msgResponses: Any[]): TxResult => ({
    code: 0,
    codespace: '',
    log: '',
    data: TxMsgData.encode({ data: [], msgResponses }).finish(),
    gasWanted: tx.fee.gasLimit,
    gasUsed: gas.used,
    events,
    msgResponses,
  })
  if (mode === 'check') return ok(anteEvents, [])

  const msgState = state.branch()
  const msgEvents: AbciEvent[] = []
  let index = 0
  try {
    for (; index < tx.messages.length; index++)
      msgEvents.push(...send(msgState, tx.messages[index] as SendMessage, index, gas))
  } catch (error) {
    const wrapped =
      error instanceof SdkError && error.kind !== 'outOfGas'
        ? error.wrap(`failed to execute message; message index: ${index}`)
        : error
    return failure(wrapped, gas, tx, anteEvents)
  }
  state.adopt(msgState)
  const responses = tx.messages.map(() => ({ typeUrl: MSG_SEND_RESPONSE, value: new Uint8Array() }))
  return ok([...anteEvents, ...msgEvents], responses)
}
