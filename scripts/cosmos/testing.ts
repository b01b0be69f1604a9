/**
 * Helpers for the dev Cosmos node's integration tests: cosmjs clients and plain HTTP only, the
 * way a wallet, the server or an explorer reaches a node.
 */
import { decodeTxRaw, type EncodeObject } from '@cosmjs/proto-signing'
import {
  BroadcastTxError,
  GasPrice,
  type IndexedTx,
  SigningStargateClient,
  type StargateClient,
  type StdFee,
} from '@cosmjs/stargate'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { expect } from 'vitest'
import type { DevCosmos } from './index.js'

export const FEE: StdFee = { amount: [{ denom: 'ustake', amount: '2500' }], gas: '100000' }
const gasPrice = GasPrice.fromString('0.025ustake')

export const send = (from: string, to: string, amount: string, denom = 'ustake'): EncodeObject => ({
  typeUrl: '/cosmos.bank.v1beta1.MsgSend',
  value: { fromAddress: from, toAddress: to, amount: [{ denom, amount }] },
})

export const feeOf = (tx: Uint8Array) =>
  BigInt(decodeTxRaw(tx).authInfo.fee?.amount.find((c) => c.denom === 'ustake')?.amount ?? '0')

export function testKit(node: DevCosmos, client: StargateClient) {
  const wallet = node.accounts.wallet.address
  const friend = node.accounts.friend.address
  async function signer(mode: 'direct' | 'amino' = 'direct', role: 'wallet' | 'friend' = 'wallet') {
    const account = node.accounts[role]
    return SigningStargateClient.connectWithSigner(node.rpcUrl, account[mode], {
      gasPrice,
      broadcastPollIntervalMs: 50,
    })
  }

  /** A signed tx's bytes, with the signer data given explicitly (so tests can get it wrong). */
  async function signed(
    options: {
      mode?: 'direct' | 'amino'
      msgs?: EncodeObject[]
      fee?: StdFee
      memo?: string
      sequence?: number
      chainId?: string
    } = {},
  ): Promise<Uint8Array> {
    const account = await client.getSequence(wallet)
    const offline = await SigningStargateClient.offline(
      node.accounts.wallet[options.mode ?? 'direct'],
    )
    const raw = await offline.sign(
      wallet,
      options.msgs ?? [send(wallet, friend, '1000')],
      options.fee ?? FEE,
      options.memo ?? '',
      {
        accountNumber: account.accountNumber,
        sequence: options.sequence ?? account.sequence,
        chainId: options.chainId ?? node.chainId,
      },
    )
    return TxRaw.encode(raw).finish()
  }

  async function refusal(bytes: Uint8Array): Promise<BroadcastTxError> {
    const error = await client.broadcastTxSync(bytes).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(BroadcastTxError)
    return error as BroadcastTxError
  }

  async function rpc(method: string, params: Record<string, unknown> = {}) {
    const response = await fetch(node.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    expect(response.status).toBe(200)
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field in each test
    return (await response.json()) as { result?: any; error?: { code: number; data: string } }
  }

  async function rest(path: string, init?: RequestInit) {
    const response = await fetch(`${node.restUrl}${path}`, init)
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field in each test
    return { status: response.status, body: (await response.json()) as any }
  }

  async function waitForTx(hash: string): Promise<IndexedTx> {
    for (;;) {
      const tx = await client.getTx(hash)
      if (tx) return tx
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  return { wallet, friend, signer, signed, refusal, rpc, rest, waitForTx }
}
