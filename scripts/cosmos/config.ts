/**
 * The dev Cosmos chain's constants: chain id, address prefix, denoms and the gas model
 * (docs/cosmos-node.md). One place, so the node, its seed and tests agree.
 */
import type { Metadata } from 'cosmjs-types/cosmos/bank/v1beta1/bank'

export const DEV_COSMOS_CHAIN_ID = 'latchdev-1'
/**
 * `cosmos`, as the SDK's own dev chain (simapp/simd) and a local Gaia use: the dev accounts are
 * the addresses wallets derive for the test mnemonic on coin type 118, and the adapter must tell
 * chains apart by chain id, not by prefix (the Hub shares this prefix).
 */
export const DEV_COSMOS_PREFIX = 'cosmos'
/** The staking/fee denom, in micro units as on real chains; shown as STAKE (6 decimals). */
export const FEE_DENOM = 'ustake'
/** A second bank denom, so "every bank denom with display units" has more than one to show. */
export const TOKEN_DENOM = 'ulatch'
/** The node's `minimum-gas-prices` (app.toml): 0.025ustake per unit of gas. */
export const MIN_GAS_PRICE = { denom: FEE_DENOM, amount: 0.025 }
/** CometBFT of Cosmos SDK 0.50: cosmjs picks its 0.38 client from this string. */
export const COMET_VERSION = '0.38.17'
export const SDK_VERSION = 'v0.50.13'
export const DEFAULT_COSMOS_RPC_PORT = 26657
export const DEFAULT_COSMOS_REST_PORT = 1317
export const MAX_MEMO_CHARACTERS = 256

/**
 * Gas as a model (docs/cosmos-node.md#gas): the SDK's own ante parameters (10 gas per tx byte,
 * 1000 per secp256k1 signature check) plus fixed charges standing in for store reads and writes,
 * sized so a MsgSend costs what it costs on a 0.50 chain (~60–80k).
 */
export const GAS = {
  txSizeCostPerByte: 10,
  sigVerifyCostSecp256k1: 1000,
  /** Account reads/writes of the ante handler (fee deduction, sequence, pubkey). */
  ante: 25_000,
  /** A MsgSend's balance reads and writes, plus per coin moved. */
  msgSend: 30_000,
  perCoin: 5_000,
} as const

export const DENOM_METADATA: Metadata[] = [
  {
    description: 'The staking and fee token of the Latch dev chain.',
    denomUnits: [
      { denom: FEE_DENOM, exponent: 0, aliases: ['microstake'] },
      { denom: 'stake', exponent: 6, aliases: [] },
    ],
    base: FEE_DENOM,
    display: 'stake',
    name: 'Stake',
    symbol: 'STAKE',
    uri: '',
    uriHash: '',
  },
  {
    description: 'A second bank token of the Latch dev chain.',
    denomUnits: [
      { denom: TOKEN_DENOM, exponent: 0, aliases: ['microlatch'] },
      { denom: 'latch', exponent: 6, aliases: [] },
    ],
    base: TOKEN_DENOM,
    display: 'latch',
    name: 'Latch',
    symbol: 'LATCH',
    uri: '',
    uriHash: '',
  },
]
