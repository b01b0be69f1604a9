/**
 * The e2e stack's dev Bitcoin node (bcoin regtest behind its Esplora REST, scripts/bitcoin), read
 * and driven from Node, independently of the Latch server: what the history and the send must
 * show is judged against the node itself.
 */
import { expect } from '@playwright/test'
import { devBitcoinKeys } from '../../scripts/bitcoin/keys.js'
import { signedTransaction } from '../../scripts/bitcoin/transactions.js'

/** The node's REST port, as e2e/playwright.config.ts passes it to `npm start` (LATCH_BITCOIN_PORT). */
const offset = Number(process.env.LATCH_E2E_PORT_OFFSET ?? 0)
export const bitcoinPort = 18002 + offset
export const bitcoinUrl = `http://127.0.0.1:${bitcoinPort}`

/** Regtest's CAIP-2 id: the first 32 hex characters of its genesis block hash. */
export const REGTEST_CAIP2 = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

export interface NodeTx {
  txid: string
  status: { confirmed: boolean; block_height?: number; block_time?: number }
  vin: Array<{
    txid: string
    vout: number
    prevout: { scriptpubkey_address?: string; value: number } | null
  }>
  vout: Array<{ scriptpubkey_address?: string; value: number }>
  fee: number
}

export interface NodeUtxo {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean }
}

async function rest(path: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(`${bitcoinUrl}${path}`, init)
  return response
}

async function json<T>(path: string): Promise<T> {
  const response = await rest(path)
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

export const tipHeight = async () => Number(await (await rest('/blocks/tip/height')).text())

/** Mines `blocks` blocks (the dev-only route), paying their reward to the faucet by default. */
export async function mine(
  blocks = 1,
  address = devBitcoinKeys().faucet.address,
): Promise<string[]> {
  const response = await rest('/regtest/mine', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ blocks, address }),
  })
  if (!response.ok) throw new Error(`mine: ${response.status} ${await response.text()}`)
  return (await response.json()) as string[]
}

export const txStatus = (txid: string) => json<NodeTx['status']>(`/tx/${txid}/status`)
export const getTx = (txid: string) => json<NodeTx>(`/tx/${txid}`)
export const utxos = (address: string) => json<NodeUtxo[]>(`/address/${address}/utxo`)

/** The address's confirmed and unconfirmed sums, in satoshis, as the node counts them. */
export async function addressBalance(address: string) {
  type Stats = { funded_txo_sum: number; spent_txo_sum: number }
  const info = await json<{ chain_stats: Stats; mempool_stats: Stats }>(`/address/${address}`)
  const sum = (s: Stats) => s.funded_txo_sum - s.spent_txo_sum
  return { confirmed: sum(info.chain_stats), pending: sum(info.mempool_stats) }
}

/** Every transaction of the address, mempool first then newest block first (Esplora's order). */
export async function addressHistory(address: string): Promise<NodeTx[]> {
  const all = await json<NodeTx[]>(`/address/${address}/txs/mempool`)
  let last: string | undefined
  for (;;) {
    const page = await json<NodeTx[]>(`/address/${address}/txs/chain${last ? `/${last}` : ''}`)
    all.push(...page)
    if (page.length < 25) return all
    last = page[page.length - 1]?.txid
  }
}

/** Submits raw hex as a wallet would; the node's text answer (a txid, or its reason). */
export async function broadcast(hex: string): Promise<{ ok: boolean; text: string }> {
  const response = await rest('/tx', { method: 'POST', body: hex })
  return { ok: response.ok, text: await response.text() }
}

/** Waits until the node holds `txid` (in its mempool or a block). */
export async function expectKnown(txid: string) {
  await expect.poll(async () => (await rest(`/tx/${txid}/status`)).status).toBe(200)
}

/**
 * Spends the dev payment account's coins behind the wallet's back: a transaction paying the
 * friend from exactly the outpoints given (one the wallet is about to spend), signed with the
 * dev key in Node and broadcast first. The wallet's own spend of those coins is then a double
 * spend the node must refuse.
 */
export async function spendFirst(
  outpoints: Array<{ txid: string; vout: number; value: number }>,
): Promise<string> {
  const keys = devBitcoinKeys()
  const total = outpoints.reduce((sum, o) => sum + o.value, 0)
  const fee = 500 * outpoints.length
  const signed = signedTransaction(
    outpoints.map((o) => ({ ...o, owner: keys.payment })),
    [{ address: keys.friend.address, value: total - fee }],
  )
  const sent = await broadcast(signed.hex)
  if (!sent.ok) throw new Error(`the conflicting spend was refused: ${sent.text}`)
  return signed.txid
}
