/**
 * The Esplora-compatible REST in front of the dev node: the subset a wallet and an indexer use
 * (docs/bitcoin-node.md#the-rest). Text answers where Esplora answers text, 404/400 as Esplora
 * does, plus one dev-only route to mine blocks.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BcoinTX } from './bcoin.js'
import { RestError, TransactionRejectedError } from './errors.js'
import { addressStats, esploraBlock, esploraTx, scriptOfAddress } from './esplora.js'
import type { BitcoinNode } from './node.js'

/** Esplora's page sizes: confirmed history and block transactions come 25 at a time. */
export const CHAIN_PAGE = 25
const MEMPOOL_PAGE = 50
const MAX_BODY = 4_000_000
const FEE_TARGETS = [1, 2, 3, 4, 5, 6, 10, 20, 144, 504, 1008]

type Answer = { status?: number; json?: unknown; text?: string }
type Route = [RegExp, (node: BitcoinNode, match: string[], body: string) => Promise<Answer>]

const HASH = '([0-9a-f]{64})'

function blockOf(node: BitcoinNode, id: string) {
  const block = node.index.block(id)
  if (!block) throw new RestError(404, 'Block not found')
  return block
}

function txOf(node: BitcoinNode, txid: string): BcoinTX {
  const tx = node.index.tx(txid)
  const known = tx && (node.index.isConfirmed(txid) || node.mempool.hasEntry(tx.hash('hex')))
  if (!tx || !known) throw new RestError(404, 'Transaction not found')
  return tx
}

function addressScript(address: string) {
  const script = scriptOfAddress(address)
  if (!script) throw new RestError(400, 'Invalid Bitcoin address')
  return Buffer.from(script).toString('hex')
}

/** Mempool transactions touching a script, newest first. */
function mempoolFor(node: BitcoinNode, script: string): BcoinTX[] {
  return node
    .mempoolTxs()
    .filter((tx) => node.index.scriptsOf(tx).has(script))
    .reverse()
}

function confirmedFor(node: BitcoinNode, script: string): BcoinTX[] {
  return node.index.confirmedFor(script).map((l) => node.index.tx(l.txid) as BcoinTX)
}

function chainPage(node: BitcoinNode, script: string, lastSeen?: string) {
  const all = node.index.confirmedFor(script)
  let start = 0
  if (lastSeen) {
    start = all.findIndex((l) => l.txid === lastSeen) + 1
    if (start === 0) throw new RestError(400, 'last_seen_txid is not in this address history')
  }
  return all
    .slice(start, start + CHAIN_PAGE)
    .map((l) => esploraTx(node.index.tx(l.txid) as BcoinTX, node.index))
}

function unspent(node: BitcoinNode, script: string) {
  const txs = [...confirmedFor(node, script), ...mempoolFor(node, script)]
  const spent = new Set<string>()
  for (const tx of txs)
    for (const input of tx.inputs) spent.add(`${input.prevout.rhash()}:${input.prevout.index}`)
  return txs.flatMap((tx) =>
    tx.outputs.flatMap((out, vout) =>
      out.script.toRaw().toString('hex') === script && !spent.has(`${tx.txid()}:${vout}`)
        ? [{ txid: tx.txid(), vout, status: node.index.status(tx.txid()), value: out.value }]
        : [],
    ),
  )
}

const routes: Record<'GET' | 'POST', Route[]> = {
  GET: [
    [/^\/blocks\/tip\/height$/, async (n) => ({ text: String(n.index.tipHeight) })],
    [/^\/blocks\/tip\/hash$/, async (n) => ({ text: n.index.blocks[n.index.tipHeight]?.id })],
    [
      /^\/block-height\/(\d+)$/,
      async (n, [, h]) => {
        const block = n.index.blocks[Number(h)]
        if (!block) throw new RestError(404, 'Block not found')
        return { text: block.id }
      },
    ],
    [new RegExp(`^/block/${HASH}$`), async (n, [, id]) => ({ json: esploraBlock(blockOf(n, id)) })],
    [new RegExp(`^/block/${HASH}/txids$`), async (n, [, id]) => ({ json: blockOf(n, id).txids })],
    [
      new RegExp(`^/block/${HASH}/txs(?:/(\\d+))?$`),
      async (n, [, id, from]) => {
        const start = Number(from ?? 0)
        if (start % CHAIN_PAGE) throw new RestError(400, 'start index must be a multiple of 25')
        const txids = blockOf(n, id).txids.slice(start, start + CHAIN_PAGE)
        return { json: txids.map((t) => esploraTx(n.index.tx(t) as BcoinTX, n.index)) }
      },
    ],
    [new RegExp(`^/tx/${HASH}$`), async (n, [, t]) => ({ json: esploraTx(txOf(n, t), n.index) })],
    [
      new RegExp(`^/tx/${HASH}/status$`),
      async (n, [, t]) => ({ json: n.index.status(txOf(n, t).txid()) }),
    ],
    [
      new RegExp(`^/tx/${HASH}/hex$`),
      async (n, [, t]) => ({ text: txOf(n, t).toRaw().toString('hex') }),
    ],
    [
      /^\/address\/([^/]+)$/,
      async (n, [, address]) => {
        const script = addressScript(address)
        return {
          json: {
            address,
            chain_stats: addressStats(script, confirmedFor(n, script), n.index),
            mempool_stats: addressStats(script, mempoolFor(n, script), n.index),
          },
        }
      },
    ],
    [
      /^\/address\/([^/]+)\/txs$/,
      async (n, [, address]) => {
        const script = addressScript(address)
        const pending = mempoolFor(n, script).slice(0, MEMPOOL_PAGE)
        return {
          json: [...pending.map((tx) => esploraTx(tx, n.index)), ...chainPage(n, script)],
        }
      },
    ],
    [
      new RegExp(`^/address/([^/]+)/txs/chain(?:/${HASH})?$`),
      async (n, [, address, lastSeen]) => ({
        json: chainPage(n, addressScript(address), lastSeen),
      }),
    ],
    [
      /^\/address\/([^/]+)\/txs\/mempool$/,
      async (n, [, address]) => ({
        json: mempoolFor(n, addressScript(address))
          .slice(0, MEMPOOL_PAGE)
          .map((tx) => esploraTx(tx, n.index)),
      }),
    ],
    [/^\/address\/([^/]+)\/utxo$/, async (n, [, a]) => ({ json: unspent(n, addressScript(a)) })],
    [
      /^\/fee-estimates$/,
      async (n) => ({
        json: Object.fromEntries(FEE_TARGETS.map((t) => [String(t), n.feeRate(t)])),
      }),
    ],
  ],
  POST: [
    [
      /^\/tx$/,
      async (n, _match, body) => {
        const hex = body.trim()
        if (!/^([0-9a-fA-F]{2})+$/.test(hex))
          throw new RestError(400, 'sendrawtransaction RPC error: TX decode failed')
        try {
          return { text: await n.broadcast(hex.toLowerCase()) }
        } catch (error) {
          if (error instanceof TransactionRejectedError)
            throw new RestError(400, `sendrawtransaction RPC error: ${error.reason}`)
          throw error
        }
      },
    ],
    // Dev only, not Esplora: `{"blocks": n, "address": "bcrt1…"}` mines n blocks.
    [
      /^\/regtest\/mine$/,
      async (n, _match, body) => {
        const { blocks = 1, address } = JSON.parse(body || '{}') as {
          blocks?: number
          address?: string
        }
        if (
          !Number.isInteger(blocks) ||
          blocks < 1 ||
          blocks > 1000 ||
          !address ||
          !scriptOfAddress(address)
        )
          throw new RestError(400, 'expected {"blocks": 1 to 1000, "address": a regtest address}')
        return { json: await n.mine(blocks, address) }
      },
    ],
  ],
}

async function readBody(request: IncomingMessage): Promise<string> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new RestError(413, 'Request too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

async function handle(node: BitcoinNode, request: IncomingMessage): Promise<Answer> {
  const method = request.method === 'POST' ? 'POST' : 'GET'
  if (request.method !== 'GET' && request.method !== 'POST')
    throw new RestError(405, 'Method not allowed')
  const pathname = new URL(request.url ?? '/', 'http://localhost').pathname
  for (const [pattern, run] of routes[method]) {
    const match = pattern.exec(pathname)
    if (match) return run(node, [...match], method === 'POST' ? await readBody(request) : '')
  }
  throw new RestError(404, 'Not found')
}

function send(response: ServerResponse, answer: Answer) {
  const json = answer.json !== undefined
  response.writeHead(answer.status ?? 200, {
    'content-type': json ? 'application/json' : 'text/plain',
    // A browser wallet on the dev web app reads it directly, as it would a public Esplora.
    'access-control-allow-origin': '*',
  })
  response.end(json ? JSON.stringify(answer.json) : (answer.text ?? ''))
}

export interface BitcoinRest {
  url: string
  stop(): Promise<void>
}

export async function serveEsplora(
  node: BitcoinNode,
  { host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {},
): Promise<BitcoinRest> {
  const server = createServer((request, response) => {
    handle(node, request)
      .then((answer) => send(response, answer))
      .catch((error: unknown) => {
        if (error instanceof RestError)
          send(response, { status: error.status, text: error.message })
        else
          send(response, {
            status: 500,
            text: error instanceof Error ? error.message : String(error),
          })
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  const address = server.address() as AddressInfo
  return {
    url: `http://${host}:${address.port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
