import { latchTransport } from '@latch/core'
import {
  createWalletClient,
  fromHex,
  isHex,
  type LocalAccount,
  type TypedDataDefinition,
} from 'viem'
import { FrameError } from '../../handler.js'
import { RequestAbortedError } from '../../rpcErrors.js'
import type {
  KeyValueStorage,
  NamespaceRequests,
  PreparedRequest,
  RequestContext,
} from '../types.js'
import { eip155ChainId } from './chain.js'
import {
  genericView,
  type ReviewContext,
  reviewMessage,
  reviewTransaction,
  reviewTypedData,
  type TxParams,
} from './review.js'
import { SESSION_METHODS, SmartSessionsNotEnabledError } from './smartAccount/permissions.js'
import {
  answerCallsLocally,
  CALLS_LOCAL_METHODS,
  prepareSendCalls,
  sendOneCall,
} from './smartAccount/requests.js'
import {
  USER_OPERATION_METHOD,
  UserOperationNotAcceptedError,
} from './smartAccount/userOperation.js'

const USED_CONTRACTS_KEY = 'latch-frame/used-contracts/'

const asArray = (params: unknown): unknown[] => (Array.isArray(params) ? params : [])

/** Contracts an account has sent transactions to from this wallet, per account and chain. */
function usedContracts(storage: KeyValueStorage | undefined, key: string): Set<string> {
  try {
    const list = JSON.parse(storage?.getItem(USED_CONTRACTS_KEY + key) ?? '[]') as unknown
    return new Set(Array.isArray(list) ? list.filter((a) => typeof a === 'string') : [])
  } catch {
    return new Set()
  }
}

/**
 * An EVM request on the chain it names, else the active one: reads through the server's proxy,
 * signatures behind the approval view.
 */
export function openEip155Requests(context: RequestContext<LocalAccount>): NamespaceRequests {
  const account = context.key
  const chainId = eip155ChainId(context.requestedChainId ?? context.activeChainId)
  const proxyUrl = context.proxyUrl(chainId)
  const memoryKey = `${chainId}:${account.address.toLowerCase()}`
  const used = usedContracts(context.storage, memoryKey)
  const rememberContract = (address: string) => {
    used.add(address.toLowerCase())
    context.storage?.setItem(USED_CONTRACTS_KEY + memoryKey, JSON.stringify([...used].slice(-500)))
  }
  const transport = () => latchTransport(proxyUrl)({ chain: undefined })
  // The user's Safe when it is their account on this chain; undefined: the EOA answers.
  const smartAccount = async () => context.smartAccount?.(chainId)

  async function sendTransaction(tx: TxParams) {
    const client = createWalletClient({ account, transport: latchTransport(proxyUrl) })
    try {
      const hash = await client.sendTransaction({
        chain: null,
        to: tx.to,
        value: tx.value ? fromHex(tx.value, 'bigint') : undefined,
        data: tx.data,
        gas: tx.gas ? fromHex(tx.gas, 'bigint') : undefined,
        nonce: tx.nonce ? fromHex(tx.nonce, 'number') : undefined,
      } as never)
      if (tx.to && tx.data && tx.data !== '0x') rememberContract(tx.to)
      return hash
    } catch (error) {
      throw new FrameError(
        (error as { shortMessage?: string }).shortMessage ?? 'Transaction failed',
      )
    }
  }

  return {
    local(method, params) {
      if (method === 'eth_chainId') return `0x${chainId.toString(16)}`
      if (CALLS_LOCAL_METHODS.has(method))
        return smartAccount().then((session) =>
          answerCallsLocally(method, params, chainId, session),
        )
      if (!context.smartAccount) return [account.address]
      return smartAccount().then((session) => [session?.address ?? account.address])
    },
    async read(method, params, signal) {
      try {
        return await transport().request(
          { method, params: asArray(params) } as never,
          { signal } as never,
        )
      } catch (error) {
        if (signal.aborted) throw new RequestAbortedError()
        const e = error as { code?: unknown; details?: unknown; shortMessage?: unknown }
        throw new FrameError(
          typeof e.details === 'string'
            ? e.details
            : String(e.shortMessage ?? 'RPC request failed'),
          typeof e.code === 'number' ? e.code : undefined,
        )
      }
    },
    async prepare(method, rawParams, signal): Promise<PreparedRequest> {
      const params = asArray(rawParams)
      if (SESSION_METHODS.has(method)) throw new SmartSessionsNotEnabledError(method)
      if (method === USER_OPERATION_METHOD) throw new UserOperationNotAcceptedError()
      // Checked before anything else, so a malformed batch never reaches a view.
      if (method === 'wallet_sendCalls')
        return prepareSendCalls(rawParams, chainId, smartAccount, (args) =>
          transport().request(args as never, { signal } as never),
        )
      const smart = await smartAccount()
      const review: ReviewContext = {
        chainId,
        origin: context.origin,
        account: smart?.address ?? account.address,
        request: (args) => transport().request(args as never, { signal } as never),
        usedContracts: used,
      }
      if (method === 'personal_sign') {
        const view = reviewMessage(params, context.origin)
        const message = params[0] as string
        const content = isHex(message) ? { raw: message } : message
        // The smart account signs as ERC-1271 (ERC-6492 before its deployment), for SIWX too.
        return {
          view,
          finish: () =>
            smart ? smart.signMessage(content) : account.signMessage({ message: content }),
        }
      }
      if (method === 'eth_signTypedData_v4') {
        const { view, parsed } = await reviewTypedData(params[1], review)
        // What is signed is the parsed value the view was built from.
        const definition = parsed.definition as TypedDataDefinition
        return {
          view,
          finish: () =>
            smart ? smart.signTypedData(definition) : account.signTypedData(definition),
        }
      }
      if (method === 'eth_sendTransaction') {
        const tx = (params[0] ?? {}) as TxParams
        return {
          view: await reviewTransaction(tx, review),
          finish: () => (smart ? sendOneCall(smart, tx) : sendTransaction(tx)),
        }
      }
      const view = genericView(method, rawParams)
      return {
        view,
        finish: async () => {
          throw new FrameError(`${method} is not supported by this wallet yet`, 4200)
        },
      }
    },
  }
}
