/**
 * A bank send: MsgSend of one coin, its gas simulated on the node (cosmjs's "auto" margin of
 * 1.4) and its fee at the chain's average gas price in the fee denom, signed by the wallet (direct
 * or amino, whichever signer it gave) and broadcast with broadcast_tx_sync.
 */
import type { EncodeObject } from '@cosmjs/proto-signing'
import { BroadcastTxError, type SigningStargateClient, type StdFee } from '@cosmjs/stargate'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import type { CosmosChain } from './chains.js'
import { CosmosBroadcastError, CosmosSimulationError, CosmosWalletError } from './errors.js'
import type { CosmosSendDetail } from './traits.js'

/** cosmjs's margin over the simulated gas for an "auto" fee. */
export const GAS_MULTIPLIER = 1.4
// The SDK's denom rule (sdk.Coin): a letter, then 2–127 of these.
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/

export function msgSend(from: string, to: string, value: bigint, denom: string): EncodeObject {
  if (!DENOM.test(denom)) throw new CosmosWalletError(`Not a bank denom: ${denom.slice(0, 40)}`)
  if (value <= 0n) throw new CosmosWalletError('A send moves a positive amount')
  return {
    typeUrl: '/cosmos.bank.v1beta1.MsgSend',
    value: { fromAddress: from, toAddress: to, amount: [{ denom, amount: value.toString() }] },
  }
}

/** The fee the detail pays: gas limit × price, rounded up (the node's own rounding). */
export function feeOf(detail: CosmosSendDetail): StdFee {
  const amount = Math.ceil(detail.gasLimit * detail.gasPrice)
  return {
    amount: [{ denom: detail.feeDenom, amount: String(amount) }],
    gas: String(detail.gasLimit),
  }
}

export async function estimateMsgs(
  client: SigningStargateClient,
  from: string,
  msgs: readonly EncodeObject[],
  chain: CosmosChain,
): Promise<{ fee: bigint; detail: CosmosSendDetail }> {
  let used: number
  try {
    used = await client.simulate(from, msgs, undefined)
  } catch (error) {
    // cosmjs words an ABCI query's refusal "Query failed with (code): log".
    const text = error instanceof Error ? error.message : String(error)
    throw new CosmosSimulationError(text.replace(/^Query failed with \(\d+\): /, ''), {
      cause: error,
    })
  }
  const detail: CosmosSendDetail = {
    gasLimit: Math.ceil(used * GAS_MULTIPLIER),
    gasPrice: chain.gasPrice.average,
    feeDenom: chain.denoms[0].base,
  }
  return { fee: BigInt(feeOf(detail).amount[0]?.amount ?? '0'), detail }
}

/** Signs with the wallet and broadcasts; resolves with the hash (upper-case hex, as the SDK prints). */
export async function signAndBroadcast(
  client: SigningStargateClient,
  from: string,
  msgs: readonly EncodeObject[],
  detail: CosmosSendDetail,
  sign: (run: () => Promise<TxRaw>) => Promise<TxRaw>,
): Promise<string> {
  const raw = await sign(() => client.sign(from, msgs, feeOf(detail), ''))
  try {
    return await client.broadcastTxSync(TxRaw.encode(raw).finish())
  } catch (error) {
    if (error instanceof BroadcastTxError)
      throw new CosmosBroadcastError(error.code, error.log ?? '')
    throw error
  }
}
