// Shared by this folder's integration tests (never imported by the server): a seeded dev node,
// the backend on it, and the node's own answers to judge the API against.
import type { FastifyInstance } from 'fastify'
import {
  type DevBitcoin,
  devBitcoinKeys,
  startDevBitcoin,
} from '../../../../../scripts/bitcoin/index.js'
import { type Coin, pay } from '../../../../../scripts/bitcoin/transactions.js'
import { buildRoutesApp, openTestDb, type TestDb, testCodec } from '../testing/harness.js'
import type { ChainBackend } from '../types.js'
import { bitcoinFamily } from './backend.js'
import type { EsploraTx } from './esplora.js'
import { REGTEST_CAIP2 } from './networks.js'

export const REGTEST = REGTEST_CAIP2
export const keys = devBitcoinKeys()

export interface BitcoinTestStack {
  bitcoin: DevBitcoin
  db: TestDb
  backend: ChainBackend
  app: FastifyInstance
  close(): Promise<void>
}

export async function startBitcoinStack(
  options: { fetch?: typeof fetch } = {},
): Promise<BitcoinTestStack> {
  const bitcoin = await startDevBitcoin({ port: 0 })
  const db = await openTestDb('pglite')
  const backend = bitcoinFamily.create(
    { chains: [{ caip2: REGTEST, url: bitcoin.url }], timeoutMs: 10_000 },
    {
      db: db.handle.db,
      codec: testCodec(),
      airdropMinRecipients: 5,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
  ) as ChainBackend
  const app = await buildRoutesApp(db.handle, [backend])
  return {
    bitcoin,
    db,
    backend,
    app,
    async close() {
      await app.close()
      await db.close()
      await bitcoin.stop()
    },
  }
}

export function nodeClient(url: string) {
  const get = async (path: string) => {
    const response = await fetch(`${url}${path}`)
    return {
      status: response.status,
      text: await response.text(),
      type: response.headers.get('content-type'),
    }
  }
  const json = async <T>(path: string): Promise<T> => {
    const { status, text } = await get(path)
    if (status !== 200) throw new Error(`${path}: ${status} ${text}`)
    return JSON.parse(text) as T
  }
  return {
    get,
    json,
    async broadcast(hex: string) {
      const response = await fetch(`${url}/tx`, { method: 'POST', body: hex })
      return { status: response.status, text: await response.text() }
    },
    async mine(blocks = 1) {
      const response = await fetch(`${url}/regtest/mine`, {
        method: 'POST',
        body: JSON.stringify({ blocks, address: keys.faucet.address }),
      })
      if (response.status !== 200) throw new Error(`mine: ${response.status}`)
    },
    /** Every transaction of the address as the node lists them: mempool, then every chain page. */
    async history(address: string): Promise<EsploraTx[]> {
      const all = await json<EsploraTx[]>(`/address/${address}/txs/mempool`)
      let page = await json<EsploraTx[]>(`/address/${address}/txs/chain`)
      while (page.length > 0) {
        all.push(...page)
        page = await json<EsploraTx[]>(`/address/${address}/txs/chain/${page.at(-1)?.txid}`)
      }
      return all
    },
    /** A confirmed coin of the payment account worth at least `min` sats. */
    async paymentCoin(min = 500_000, exclude: string[] = []): Promise<Coin> {
      const utxos = await json<
        { txid: string; vout: number; value: number; status: { confirmed: boolean } }[]
      >(`/address/${keys.payment.address}/utxo`)
      const coin = utxos.find(
        (u) => u.status.confirmed && u.value >= min && !exclude.includes(u.txid),
      )
      if (!coin) throw new Error('the payment account has no confirmed coin left')
      return { txid: coin.txid, vout: coin.vout, value: coin.value, owner: keys.payment }
    },
  }
}

/** A chain of `count` payments to the friend, each spending the previous one's change. */
export function paymentChain(coin: Coin, count: number, value = 10_000, fee = 500) {
  const payments: ReturnType<typeof pay>[] = []
  let next: Coin | undefined = coin
  for (let i = 0; i < count && next; i++) {
    const payment = pay(next, keys.friend.address, value, fee)
    payments.push(payment)
    next = payment.change
  }
  return payments
}
