import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
} from 'viem'
import { caip10 } from './caip.js'
import {
  ConvertError,
  GAS_PRICE_UNSUPPORTED,
  NATIVE_TOKEN,
  type SwapProvider,
  type SwapRequest,
  type TokenRef,
  unknownToken,
  unsupportedSwapNetwork,
} from './types.js'

const erc20Abi = parseAbi([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 value) returns (bool)',
])
/** A swap through a router or an aggregator, when the chain cannot estimate it yet (no approval). */
const FALLBACK_SWAP_GAS = 350_000n
const FALLBACK_APPROVE_GAS = 60_000n

export interface BuiltTx {
  from: Address
  to: Address
  data: Hex
  value: string
  eip155: { gas: string; gasPrice: string }
}

/**
 * The convert API's work behind the routes: the provider that serves a chain (the first one
 * listing it: the DEX before an aggregator), and what every chain answers through its own RPC
 * (gas price, allowance, approval) whichever provider quotes.
 */
export function createConvertService(
  providers: readonly SwapProvider[],
  rpcUrls: ReadonlyMap<number, string>,
) {
  const clients = new Map<number, PublicClient>()
  const clientOf = (chainId: number): PublicClient | null => {
    const url = rpcUrls.get(chainId)
    if (!url) return null
    let client = clients.get(chainId)
    if (!client) {
      client = createPublicClient({ transport: http(url, { retryCount: 1 }) })
      clients.set(chainId, client)
    }
    return client
  }

  const providerFor = (chainId: number): SwapProvider => {
    const provider = providers.find((p) => p.chains.has(chainId))
    if (!provider) throw unsupportedSwapNetwork(chainId)
    return provider
  }

  async function gasPrice(chainId: number) {
    const client = clientOf(chainId)
    if (!client || !providers.some((p) => p.chains.has(chainId)))
      throw new ConvertError(
        400,
        'GAS_PRICE_NETWORK_UNSUPPORTED',
        `${GAS_PRICE_UNSUPPORTED} (eip155:${chainId})`,
      )
    const price = await client.getGasPrice()
    // Faster tiers bid more, as the reference's three tiers do; the chain names only one price.
    return { standard: price, fast: (price * 12n) / 10n, instant: (price * 15n) / 10n }
  }

  async function estimate(
    chainId: number,
    tx: { from: Address; to: Address; data: Hex; value: bigint },
    fallback: bigint,
  ) {
    const client = clientOf(chainId)
    if (!client) return fallback
    try {
      return (
        ((await client.estimateGas({
          account: tx.from,
          to: tx.to,
          data: tx.data,
          value: tx.value,
        })) *
          12n) /
        10n
      )
    } catch {
      // e.g. a swap before its approval is mined: the wallet estimates again when it sends.
      return fallback
    }
  }

  async function checkedPair(from: TokenRef, to: TokenRef) {
    if (from.chainId !== to.chainId)
      throw new ConvertError(400, 'SWAP_CROSS_CHAIN', 'from and to must be on the same chain')
    const provider = providerFor(from.chainId)
    const tokens = await provider.tokens(from.chainId)
    for (const token of [from, to])
      if (!tokens.some((t) => t.address === token.address)) throw unknownToken(token)
    return provider
  }

  return {
    providerFor,
    gasPrice,
    async tokens(chainId: number) {
      const list = await providerFor(chainId).tokens(chainId)
      return list.map((t) => ({ ...t, address: caip10({ chainId, address: t.address }) }))
    },
    async quote(from: TokenRef, to: TokenRef, amount: bigint, user: Address) {
      const provider = await checkedPair(from, to)
      const request: SwapRequest = {
        chainId: from.chainId,
        from: from.address,
        to: to.address,
        amount,
        user,
      }
      const out = await provider.quote(request)
      return {
        id: null,
        fromAmount: amount.toString(),
        fromAccount: caip10(from),
        toAmount: out.toString(),
        toAccount: caip10(to),
      }
    },
    async allowance(token: TokenRef, user: Address): Promise<bigint> {
      const provider = providerFor(token.chainId)
      // The native coin needs no approval: the reference reads it as unlimited.
      if (token.address === NATIVE_TOKEN) return 2n ** 256n - 1n
      if (!(await provider.tokens(token.chainId)).some((t) => t.address === token.address))
        throw unknownToken(token)
      const client = clientOf(token.chainId)
      if (!client) throw unsupportedSwapNetwork(token.chainId)
      const spender = await provider.spender(token.chainId)
      return client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [user, spender],
      })
    },
    async buildApprove(
      from: TokenRef,
      to: TokenRef,
      amount: bigint,
      user: Address,
    ): Promise<BuiltTx> {
      const provider = await checkedPair(from, to)
      if (from.address === NATIVE_TOKEN)
        throw new ConvertError(400, 'SWAP_NATIVE_APPROVE', 'The native coin needs no approval')
      const spender = await provider.spender(from.chainId)
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender, amount],
      })
      const tx = { from: user, to: from.address, data, value: 0n }
      const [gas, prices] = await Promise.all([
        estimate(from.chainId, tx, FALLBACK_APPROVE_GAS),
        gasPrice(from.chainId),
      ])
      return {
        ...tx,
        value: '0',
        eip155: { gas: gas.toString(), gasPrice: prices.standard.toString() },
      }
    },
    async buildTransaction(
      from: TokenRef,
      to: TokenRef,
      amount: bigint,
      user: Address,
      slippageBps: number,
      skipEstimate: boolean,
    ): Promise<BuiltTx> {
      const provider = await checkedPair(from, to)
      const request = {
        chainId: from.chainId,
        from: from.address,
        to: to.address,
        amount,
        user,
        slippageBps,
      }
      const built = await provider.buildTransaction(request)
      const tx = { from: user, to: built.to, data: built.data, value: built.value }
      const gas =
        built.gas ??
        (skipEstimate ? FALLBACK_SWAP_GAS : await estimate(from.chainId, tx, FALLBACK_SWAP_GAS))
      const prices = await gasPrice(from.chainId)
      return {
        ...tx,
        value: built.value.toString(),
        eip155: { gas: gas.toString(), gasPrice: prices.standard.toString() },
      }
    },
    async price(token: TokenRef) {
      const provider = providerFor(token.chainId)
      const meta = (await provider.tokens(token.chainId)).find((t) => t.address === token.address)
      if (!meta) throw unknownToken(token)
      const price = await provider.priceUsd(token)
      return { name: meta.name, symbol: meta.symbol, iconUrl: meta.logoUri, price: price ?? 0 }
    },
  }
}

export type ConvertService = ReturnType<typeof createConvertService>
