import { latchTransport } from '@latch/core'
import { createSmartAccountClient } from 'permissionless'
import { toSafeSmartAccount } from 'permissionless/accounts'
import { createPublicClient, defineChain, type Hex, http } from 'viem'
import { createPaymasterClient, entryPoint07Address } from 'viem/account-abstraction'
import { FrameError } from '../../../handler.js'
import { RequestAbortedError } from '../../../rpcErrors.js'
import { callGasHeadroomTransport } from './gasHeadroom.js'
import type { OpenSmartAccount, SmartAccountSession } from './session.js'
import type { UserOperationReceipt } from './status.js'

// The account the reference's embedded wallet uses: Safe 1.4.1 with the Safe4337Module 0.3.0 on
// EntryPoint v0.7, at their canonical addresses (docs/smart-accounts.md), one owner, threshold 1.
const ENTRY_POINT = { address: entryPoint07Address, version: '0.7' } as const

const RECEIPT_POLL_MS = 250
const RECEIPT_WAIT_MS = 120_000

type GasPrice = { fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } }

/** A bundler's or paymaster's refusal, as the page may read it (never a stack or a URL). */
function refusal(error: unknown, fallback: string): FrameError {
  const e = error as { details?: unknown; shortMessage?: unknown; code?: unknown }
  const message = typeof e.details === 'string' ? e.details : e.shortMessage
  return new FrameError(
    typeof message === 'string' && message ? message : fallback,
    typeof e.code === 'number' ? e.code : undefined,
  )
}

export const openSafeAccount: OpenSmartAccount = async (owner, chainId, routes) => {
  const chain = defineChain({
    id: chainId,
    name: `eip155:${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [routes.proxyUrl] } },
  })
  const client = createPublicClient({ chain, transport: latchTransport(routes.proxyUrl) })
  // No retries on the bundler: a send that timed out may still have been taken. Its call-gas
  // estimates get headroom (gasHeadroom.ts): they are made on the latest block, not the next.
  const bundlerTransport = callGasHeadroomTransport(http(routes.bundlerUrl, { retryCount: 0 }))
  const account = await toSafeSmartAccount({
    client,
    owners: [owner],
    version: '1.4.1',
    entryPoint: ENTRY_POINT,
  })
  const bundler = createSmartAccountClient({
    account,
    chain,
    bundlerTransport,
    paymaster: createPaymasterClient({ transport: http(routes.paymasterUrl, { retryCount: 0 }) }),
    userOperation: {
      // The bundler's own price: below it, alto (and most bundlers) refuse the operation.
      async estimateFeesPerGas() {
        const price = (await bundler.request({
          method: 'pimlico_getUserOperationGasPrice' as never,
          params: [] as never,
        })) as GasPrice
        return {
          maxFeePerGas: BigInt(price.fast.maxFeePerGas),
          maxPriorityFeePerGas: BigInt(price.fast.maxPriorityFeePerGas),
        }
      },
    },
  })

  const receipt = async (hash: Hex) =>
    (await bundler.request({
      method: 'eth_getUserOperationReceipt',
      params: [hash],
    })) as unknown as UserOperationReceipt | null

  const session: SmartAccountSession = {
    address: account.address,
    chainId,
    isDeployed: () => account.isDeployed(),
    async sendCalls(calls) {
      try {
        return await bundler.sendUserOperation({
          calls: calls.map((c) => ({ to: c.to, data: c.data, value: c.value })),
        })
      } catch (error) {
        throw refusal(error, 'The user operation was refused')
      }
    },
    receipt,
    async waitForReceipt(hash, signal) {
      const deadline = Date.now() + RECEIPT_WAIT_MS
      for (;;) {
        if (signal?.aborted) throw new RequestAbortedError()
        const found = await receipt(hash)
        if (found) return found
        if (Date.now() > deadline)
          throw new FrameError('The user operation was not included in time')
        await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS))
      }
    },
    signMessage: (message) => account.signMessage({ message }),
    signTypedData: (definition) => account.signTypedData(definition as never),
  }
  return session
}
