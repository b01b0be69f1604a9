/**
 * The REST's JSON, as grpc-gateway renders the SDK's protobuf: snake_case fields, 64-bit
 * integers as strings, bytes as base64, `Any` as `{"@type": …, …fields}`, enums by name.
 */
import { toBase64, toHex } from '@cosmjs/encoding'
import type { Metadata } from 'cosmjs-types/cosmos/bank/v1beta1/bank'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import type { StoredTx } from './block.js'
import type { PageResponse } from './queries.js'
import { signerPubKey, signModeOf } from './signatures.js'
import type { Account, Coin } from './state.js'
import { type DecodedTx, MSG_SEND, SECP256K1_PUBKEY } from './tx.js'

export const coinJson = (c: Coin) => ({ denom: c.denom, amount: c.amount.toString() })

export const pageJson = (p: PageResponse) => ({
  next_key: p.nextKey ? toBase64(p.nextKey) : null,
  total: String(p.total),
})

export function accountJson(account: Account) {
  const base = {
    address: account.address,
    pub_key: account.pubKey ? { '@type': SECP256K1_PUBKEY, key: toBase64(account.pubKey) } : null,
    account_number: String(account.accountNumber),
    sequence: String(account.sequence),
  }
  if (account.moduleName)
    return {
      '@type': '/cosmos.auth.v1beta1.ModuleAccount',
      base_account: base,
      name: account.moduleName,
      permissions: [],
    }
  return { '@type': '/cosmos.auth.v1beta1.BaseAccount', ...base }
}

export function metadataJson(m: Metadata) {
  return {
    description: m.description,
    denom_units: m.denomUnits.map((u) => ({
      denom: u.denom,
      exponent: u.exponent,
      aliases: u.aliases,
    })),
    base: m.base,
    display: m.display,
    name: m.name,
    symbol: m.symbol,
    uri: m.uri,
    uri_hash: m.uriHash,
  }
}

export function txBodyJson(tx: DecodedTx) {
  return {
    body: {
      messages: tx.messages.map((m) => ({
        '@type': MSG_SEND,
        from_address: m.fromAddress,
        to_address: m.toAddress,
        amount: m.amount.map(coinJson),
      })),
      memo: tx.body.memo,
      timeout_height: String(tx.body.timeoutHeight),
      extension_options: [],
      non_critical_extension_options: [],
    },
    auth_info: {
      signer_infos: tx.authInfo.signerInfos.map((info, i) => {
        const key = signerPubKey(tx, i)
        return {
          public_key: key ? { '@type': SECP256K1_PUBKEY, key: toBase64(key) } : null,
          mode_info: { single: { mode: SignMode[signModeOf(tx, i)] ?? 'SIGN_MODE_UNSPECIFIED' } },
          sequence: String(info.sequence),
        }
      }),
      fee: {
        amount: tx.fee.amount.map(coinJson),
        gas_limit: String(tx.fee.gasLimit),
        payer: '',
        granter: '',
      },
      tip: null,
    },
    signatures: tx.raw.signatures.map((s) => toBase64(s)),
  }
}

/** `TxResponse` of SDK 0.50: `logs` is empty (events carry it all), data is hex. */
export function txResponseJson(stored: StoredTx) {
  const { result } = stored
  return {
    height: String(stored.height),
    txhash: stored.tx.hash,
    codespace: result.codespace,
    code: result.code,
    data: toHex(result.data).toUpperCase(),
    raw_log: result.log,
    logs: [],
    info: '',
    gas_wanted: String(result.gasWanted),
    gas_used: String(result.gasUsed),
    tx: { '@type': '/cosmos.tx.v1beta1.Tx', ...txBodyJson(stored.tx) },
    // Go's time.RFC3339, as the SDK formats it: whole seconds.
    timestamp: stored.time.toISOString().replace(/\.\d+Z$/, 'Z'),
    events: result.events,
  }
}
