import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  keccak256,
  numberToHex,
  parseEther,
  stringToHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The sandbox's own faucet account: not a mnemonic account nor the seed's deployer, so neither a
 * developer nor the seed can move its nonce under it. Public key, for the dev chain only.
 */
export const sandboxFaucetKey = keccak256(stringToHex('latch onramp sandbox faucet'))
export const sandboxFaucet = privateKeyToAccount(sandboxFaucetKey)

/** Topped up with anvil_setBalance before each payment, as the chain's other dev parts fund. */
const FLOAT = parseEther('1000')

export function createFaucet(rpcUrl: string, chainId: number) {
  const chain = defineChain({
    id: chainId,
    name: 'Latch dev chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const reader = createPublicClient({ chain, transport: http(rpcUrl) })
  const wallet = createWalletClient({ chain, account: sandboxFaucet, transport: http(rpcUrl) })
  // One payment at a time: two checkouts at once would otherwise take the same nonce.
  let queue: Promise<unknown> = Promise.resolve()

  async function payNow(to: Address, amount: string) {
    const value = parseEther(amount)
    const balance = await reader.getBalance({ address: sandboxFaucet.address })
    if (balance < value + parseEther('1'))
      await reader.request({
        method: 'anvil_setBalance' as never,
        params: [sandboxFaucet.address, numberToHex(FLOAT)] as never,
      })
    const hash = await wallet.sendTransaction({ to, value })
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 250 })
    if (receipt.status !== 'success') throw new Error(`payment ${hash} reverted`)
    return hash
  }

  return {
    /** Sends `amount` ETH to `to`; resolves with the hash once the chain has it in a block. */
    pay(to: string, amount: string): Promise<`0x${string}`> {
      const next = queue.then(() => payNow(to as Address, amount))
      queue = next.catch(() => {})
      return next
    },
  }
}
