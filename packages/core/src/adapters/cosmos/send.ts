/**
 * A bank send: MsgSend of one coin, its gas simulated on the node (cosmjs's "auto" margin of 1.4)
 * and its fee at the chain's average gas price in the fee denom, signed by the wallet (direct, or
 * amino JSON for a Ledger key) and broadcast with broadcast_tx_sync.
 */
import type { CosmosChain } from './chains.js'
import {
  CosmosBroadcastError,
  CosmosSimulationError,
  CosmosWalletError,
  walletError,
} from './errors.js'
import type { KeplrAminoSigner, KeplrDirectSigner } from './keplr.js'
import { accountNumbers, simulateGas } from './query.js'
import { type CometRpc, CosmosQueryError, toBase64 } from './rpc.js'
import type { CosmosSendDetail } from './traits.js'
import { type Fee, type Send, signAmino, signDirect, unsignedTx } from './tx.js'

/** cosmjs's margin over the simulated gas for an "auto" fee. */
export const GAS_MULTIPLIER = 1.4
// The SDK's denom rule (sdk.Coin): a letter, then 2–127 of these.
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/

export function sendOf(from: string, to: string, value: bigint, denom: string): Send {
  if (!DENOM.test(denom)) throw new CosmosWalletError(`Not a bank denom: ${denom.slice(0, 40)}`)
  if (value <= 0n) throw new CosmosWalletError('A send moves a positive amount')
  return { from, to, amount: [{ denom, amount: value.toString() }] }
}

/** The fee the detail pays: gas limit × price, rounded up (the node's own rounding). */
export function feeOf(detail: CosmosSendDetail): Fee {
  const amount = Math.ceil(detail.gasLimit * detail.gasPrice)
  return {
    amount: [{ denom: detail.feeDenom, amount: String(amount) }],
    gas: String(detail.gasLimit),
  }
}

export async function estimate(
  rpc: CometRpc,
  send: Send,
  pubkey: Uint8Array,
  chain: CosmosChain,
): Promise<{ fee: bigint; detail: CosmosSendDetail }> {
  const { sequence } = await accountNumbers(rpc, send.from)
  let used: number
  try {
    used = await simulateGas(rpc, unsignedTx(send, pubkey, sequence))
  } catch (error) {
    if (error instanceof CosmosQueryError)
      throw new CosmosSimulationError(error.log, { cause: error })
    throw error
  }
  const detail: CosmosSendDetail = {
    gasLimit: Math.ceil(used * GAS_MULTIPLIER),
    gasPrice: chain.gasPrice.average,
    feeDenom: chain.denoms[0].base,
  }
  return { fee: BigInt(feeOf(detail).amount[0]?.amount ?? '0'), detail }
}

export type SignerChoice =
  | { mode: 'direct'; signer: KeplrDirectSigner }
  | { mode: 'amino'; signer: KeplrAminoSigner }

/** Signs with the wallet and broadcasts; resolves with the hash (upper-case hex, as the SDK prints). */
export async function signAndBroadcast(
  rpc: CometRpc,
  choice: SignerChoice,
  send: Send,
  detail: CosmosSendDetail,
  options: { chainId: string; pubkey: Uint8Array },
): Promise<string> {
  const account = await accountNumbers(rpc, send.from)
  const signing = { ...options, account }
  let tx: Uint8Array
  try {
    tx =
      choice.mode === 'direct'
        ? await signDirect(choice.signer, send, feeOf(detail), signing)
        : await signAmino(choice.signer, send, feeOf(detail), signing)
  } catch (error) {
    throw walletError(error, 'sign the transaction')
  }
  const result = await rpc.call<{ code?: number; log?: string; hash: string }>(
    'broadcast_tx_sync',
    { tx: toBase64(tx) },
  )
  if (result.code) throw new CosmosBroadcastError(result.code, result.log ?? '')
  return result.hash.toUpperCase()
}
