import type { Config } from '@wagmi/core'
import { type Address, encodeFunctionData, erc20Abi, type Hex, numberToHex } from 'viem'
import { estimateFeesPerGas, estimateGas, waitForTransactionReceipt } from 'viem/actions'
import type { SendEstimate, SendParameters } from '../types.js'
import { providerOf } from './signMessage.js'

// Loaded on first use (the send views): none of this is on a page that only connects.

/** The figures behind an EVM fee: the send carries them, so it pays no more than previewed. */
export interface Eip155SendDetail {
  /** The estimated gas plus a margin. */
  gas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
}

function call({ to, value, tokenAddress }: SendParameters): {
  to: Address
  value: bigint
  data?: Hex
} {
  if (!tokenAddress) return { to: to as Address, value }
  return {
    to: tokenAddress as Address,
    value: 0n,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to as Address, value],
    }),
  }
}

const clientOf = (config: Config, parameters: Pick<SendParameters, 'network'>) =>
  config.getClient({ chainId: Number(parameters.network.id) })

/** Gas for this exact call plus a 20 % margin, times the most a unit of gas may cost. */
export async function estimateEvmSend(
  config: Config,
  parameters: SendParameters,
): Promise<SendEstimate<Eip155SendDetail>> {
  const client = clientOf(config, parameters)
  const [gas, fees] = await Promise.all([
    estimateGas(client, { account: parameters.from as Address, ...call(parameters) }),
    estimateFeesPerGas(client),
  ])
  const limit = (gas * 120n) / 100n
  return {
    fee: limit * fees.maxFeePerGas,
    detail: {
      gas: limit,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    },
  }
}

/** eth_sendTransaction through the wallet that holds `from`, with the previewed fee caps. */
export async function sendEvm(
  config: Config,
  parameters: SendParameters & { estimate?: SendEstimate | undefined },
): Promise<string> {
  const provider = await providerOf(config, parameters.from)
  const { to, value, data } = call(parameters)
  const estimate = parameters.estimate?.detail as Eip155SendDetail | undefined
  return (await provider.request({
    method: 'eth_sendTransaction',
    params: [
      {
        from: parameters.from,
        to,
        value: numberToHex(value),
        ...(data ? { data } : {}),
        ...(estimate
          ? {
              gas: numberToHex(estimate.gas),
              maxFeePerGas: numberToHex(estimate.maxFeePerGas),
              maxPriorityFeePerGas: numberToHex(estimate.maxPriorityFeePerGas),
            }
          : {}),
      },
    ],
  })) as string
}

export async function waitForEvmTransaction(
  config: Config,
  parameters: { hash: string } & Pick<SendParameters, 'network'>,
): Promise<{ status: 'success' | 'reverted' }> {
  const receipt = await waitForTransactionReceipt(clientOf(config, parameters), {
    hash: parameters.hash as Hex,
    pollingInterval: 1_000,
    timeout: 300_000,
  })
  return { status: receipt.status }
}
