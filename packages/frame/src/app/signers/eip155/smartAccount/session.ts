import type { Hex, LocalAccount, TypedDataDefinition } from 'viem'
import type { BatchCall } from './calls.js'
import type { UserOperationReceipt } from './status.js'

/**
 * The user's Safe on one chain, owned by their EVM key: what the frame's request handlers use.
 * Its code (permissionless, viem's account-abstraction module) lives in account.ts, a chunk of
 * its own that loads only for users on a network with smart accounts.
 */
export interface SmartAccountSession {
  readonly address: Hex
  readonly chainId: number
  isDeployed(): Promise<boolean>
  /** One sponsored user operation holding every call; resolves with its hash once the bundler took it. */
  sendCalls(calls: readonly BatchCall[]): Promise<Hex>
  /** The operation's receipt, or null while it is not included. */
  receipt(hash: Hex): Promise<UserOperationReceipt | null>
  waitForReceipt(hash: Hex, signal?: AbortSignal): Promise<UserOperationReceipt>
  /** ERC-1271 through the Safe's fallback handler; ERC-6492-wrapped while the Safe is not deployed. */
  signMessage(message: string | { raw: Hex }): Promise<Hex>
  signTypedData(definition: TypedDataDefinition): Promise<Hex>
}

/** The server routes a session talks to, all for one chain and project. */
export interface SmartAccountRoutes {
  /** The server's JSON-RPC proxy (reads). */
  proxyUrl: string
  /** `/v1/bundler?…`: ERC-4337 bundler methods. */
  bundlerUrl: string
  /** `/v1/paymaster?…`: ERC-7677, the project's sponsorship. */
  paymasterUrl: string
}

export type OpenSmartAccount = (
  owner: LocalAccount,
  chainId: number,
  routes: SmartAccountRoutes,
) => Promise<SmartAccountSession>
