import { latchTransport } from '@latch/core'
import type { FastifyBaseLogger } from 'fastify'
import { HttpError } from '../../http/errors.js'
import { secondsSince, type UpstreamOutcome } from '../../observability/metrics.js'
import type { RpcAnswer, RpcCall, RpcContext, RpcUpstream, RpcUpstreams } from '../types.js'
import { type BlockOfTag, checkLogRange } from './log-range.js'
import { CALL_WEIGHTS, PROXIED_METHODS } from './rpc-methods.js'

type Transport = ReturnType<ReturnType<typeof latchTransport>>

const rpcError = (id: RpcCall['id'], code: number, message: string): RpcAnswer => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
})

/** The block numbers of `latest`, `safe` and `finalized`, asked once per request. */
function blockTags(transport: Transport): BlockOfTag {
  const asked = new Map<string, Promise<bigint>>()
  return (tag) => {
    let answer = asked.get(tag)
    if (!answer) {
      answer =
        tag === 'latest'
          ? transport.request({ method: 'eth_blockNumber' }).then((n) => BigInt(n as string))
          : transport
              .request({ method: 'eth_getBlockByNumber', params: [tag, false] } as never)
              // A node without finality yet has no such block: count from genesis.
              .then((block) => BigInt((block as { number?: string } | null)?.number ?? 0))
      asked.set(tag, answer)
    }
    return answer
  }
}

interface EvmCallContext extends RpcContext {
  transport: Transport
  chainId: number
  blockOf: BlockOfTag
}

/** One checked call to an EVM upstream, answered in JSON-RPC whatever happens. */
async function evmCall(
  body: RpcCall,
  log: FastifyBaseLogger,
  context: EvmCallContext,
): Promise<RpcAnswer> {
  const { transport, chainId } = context
  if (!PROXIED_METHODS.has(body.method))
    return rpcError(body.id, -32601, 'Method not available through this proxy')
  // Timed from the forwarded call itself: a refused eth_getLogs range never reached the node.
  let start: number | undefined
  const record = (outcome: UpstreamOutcome) => {
    if (start !== undefined)
      context.record(`eip155:${chainId}`, body.method, outcome, secondsSince(start))
  }
  try {
    if (body.method === 'eth_getLogs') {
      const refusal = await checkLogRange(body.params, context.maxLogBlocks, context.blockOf)
      if (refusal) return rpcError(body.id, refusal.code, refusal.message)
    }
    start = performance.now()
    const result = await transport.request({ method: body.method, params: body.params } as never)
    record('ok')
    return { jsonrpc: '2.0' as const, id: body.id, result }
  } catch (error) {
    const e = error as { code?: unknown; details?: unknown; shortMessage?: unknown }
    const code = typeof e.code === 'number' ? e.code : -32603
    // Node errors (reverts, nonce too low) reach the caller; transport failures, whose
    // messages may quote the upstream URL with its key, stay in the log.
    if (code === -32603 || typeof e.details !== 'string') {
      record('failed')
      log.warn({ err: error, chainId }, 'upstream call failed')
      return rpcError(body.id, -32603, 'Upstream request failed')
    }
    record('rpc_error')
    return rpcError(body.id, code, e.details)
  }
}

const CHAIN_ID = /^(eip155:)?\d{1,12}$/

/**
 * The proxy's EVM upstreams (LATCH_RPC_URLS, defaulting to the indexed chains' nodes), called
 * with the core RPC policy (3 attempts, 150 ms doubling, Retry-After, dedupe). An upstream must
 * serve the chain it is configured for: checked once, on first use.
 */
export function evmUpstreams(
  upstreams: ReadonlyMap<number, string>,
  context: RpcContext,
): RpcUpstreams {
  const transports = new Map<number, Transport>()
  const verified = new Map<number, Promise<boolean>>()
  const transportOf = async (chainId: number): Promise<Transport | undefined> => {
    const url = upstreams.get(chainId)
    if (!url) return undefined
    let transport = transports.get(chainId)
    if (!transport) {
      transport = latchTransport(url, { batchSize: false })({})
      transports.set(chainId, transport)
    }
    let check = verified.get(chainId)
    if (!check) {
      const t = transport
      check = (async () =>
        Number.parseInt((await t.request({ method: 'eth_chainId' })) as string, 16) === chainId)()
      verified.set(chainId, check)
      // A node that was down is asked again next time rather than judged forever.
      check.catch(() => verified.delete(chainId))
    }
    if (!(await check.catch(() => true))) {
      context.log.error(
        { chainId },
        'the RPC upstream configured for this chain serves another chain',
      )
      throw new HttpError(
        502,
        'UPSTREAM_ERROR',
        `The upstream of chain ${chainId} is not available`,
      )
    }
    return transport
  }
  return {
    methods: PROXIED_METHODS,
    docs: `Forwards reads and eth_sendRawTransaction to the chain's upstream (LATCH_RPC_URLS): ${[...PROXIED_METHODS].join(', ')}.`,
    weights: CALL_WEIGHTS,
    recognises: (chainId) => CHAIN_ID.test(chainId),
    async upstreamOf(raw): Promise<RpcUpstream | undefined> {
      const chainId = Number(raw.replace('eip155:', ''))
      const transport = await transportOf(chainId)
      if (!transport)
        throw new HttpError(400, 'UNSUPPORTED_CHAIN', `Chain ${chainId} is not served here`)
      const callContext: EvmCallContext = {
        ...context,
        transport,
        chainId,
        blockOf: blockTags(transport),
      }
      return { call: (body, log) => evmCall(body, log, callContext) }
    },
  }
}
