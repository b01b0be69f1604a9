import type { HistoryPage, Transaction } from '@latch/core/wire'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestApp, type ProviderTestApp } from '../provider-services/testing.js'
import { markOnrampDeposits } from './deposits.js'
import { applyStatus, insertSession } from './store.js'

const BUYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const FAUCET = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const PAID = `0x${'ab'.repeat(32)}`
const OTHER = `0x${'cd'.repeat(32)}`

function tx(hash: string, operationType = 'receive', chain = 'eip155:31337'): Transaction {
  return {
    id: hash,
    metadata: {
      operationType,
      hash,
      minedAt: '2026-11-28T00:00:00Z',
      sentFrom: FAUCET,
      sentTo: BUYER.toLowerCase(),
      status: 'confirmed',
      nonce: 0,
      chain,
    },
    transfers: [
      {
        fungible_info: { symbol: 'ETH' },
        direction: 'in',
        quantity: { numeric: '0.02' },
      },
    ],
  }
}
const types = (page: HistoryPage) => page.data.map((t) => t.metadata.operationType)

describe('a completed on-ramp purchase is a deposit in the history', () => {
  let t: ProviderTestApp
  beforeAll(async () => {
    const opened = await openTestApp('pglite')
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    t = opened
    const at = new Date()
    const session = (id: string) =>
      insertSession(
        t.app.db,
        {
          id,
          projectId: 'shop',
          provider: 'moonpay',
          network: 'eip155:31337',
          asset: 'ETH',
          assetAddress: null,
          address: BUYER,
          fiatCurrency: 'USD',
          fiatAmount: '50',
          paymentMethod: 'card',
        },
        at,
      )
    const done = await session('s-done')
    await applyStatus(
      t.app.db,
      done,
      {
        status: 'completed',
        providerTxId: 'm1',
        cryptoAmount: '0.02',
        txHash: PAID.toUpperCase().replace('0X', '0x'),
        failureReason: null,
      },
      at,
    )
    // Still pending, its hash already known: not a purchase yet.
    const pending = await session('s-pending')
    await applyStatus(
      t.app.db,
      pending,
      {
        status: 'pending',
        providerTxId: 'm2',
        cryptoAmount: null,
        txHash: OTHER,
        failureReason: null,
      },
      at,
    )
  })
  afterAll(() => t?.close())

  const page = (...data: Transaction[]): HistoryPage => ({ data, next: null })

  test("the purchase's transfer becomes a deposit; other rows stay as they were", async () => {
    const marked = await markOnrampDeposits(
      t.app.db,
      'shop',
      BUYER.toLowerCase(),
      page(tx(PAID), tx(OTHER), tx(`0x${'ef'.repeat(32)}`), tx(PAID, 'send')),
    )
    expect(types(marked)).toEqual(['deposit', 'receive', 'receive', 'send'])
  })

  test("another project's page, another address or another chain keeps the receive", async () => {
    expect(types(await markOnrampDeposits(t.app.db, 'other', BUYER, page(tx(PAID))))).toEqual([
      'receive',
    ])
    expect(types(await markOnrampDeposits(t.app.db, undefined, BUYER, page(tx(PAID))))).toEqual([
      'receive',
    ])
    // An attacker who learns the hash cannot relabel it in their own address's history.
    expect(types(await markOnrampDeposits(t.app.db, 'shop', FAUCET, page(tx(PAID))))).toEqual([
      'receive',
    ])
    expect(
      types(
        await markOnrampDeposits(t.app.db, 'shop', BUYER, page(tx(PAID, 'receive', 'eip155:1'))),
      ),
    ).toEqual(['receive'])
  })

  test('the lookup has an index on its own expressions (migration 0018)', async () => {
    // Seq scans off: with a handful of rows the planner would scan anyway; this asks whether an
    // index can serve the lookup's conditions at all.
    await t.app.db.execute(sql`SET enable_seqscan = off`)
    try {
      const plan = (await t.app.db.execute(
        sql`EXPLAIN SELECT tx_hash, network FROM onramp_sessions WHERE project_id = 'shop'
          AND status = 'completed' AND lower(address) = ${BUYER.toLowerCase()}
          AND lower(tx_hash) IN (${PAID}, ${OTHER})`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] }
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(
        'onramp_sessions_deposit_idx',
      )
    } finally {
      await t.app.db.execute(sql`RESET enable_seqscan`)
    }
  })
})
