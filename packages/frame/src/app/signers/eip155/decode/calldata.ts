import { decodeFunctionData, type Hex, parseAbi, size } from 'viem'
import type { Field } from '../../../decode/view.js'
import { address, amountWithToken, isUnlimited, type TokenBook } from './format.js'

/**
 * The standard calls users approve most: token transfers and approvals, NFT transfers and
 * operator approvals, and multicall bundles of them.
 */
export const standardAbi = parseAbi([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amountOrTokenId) returns (bool)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'function multicall(bytes[] data) returns (bytes[])',
  'function multicall(uint256 deadline, bytes[] data) returns (bytes[])',
])

/** One decoded call on a contract: what it does in words, its arguments, and its dangers. */
export interface DecodedCall {
  functionName: string
  /** In words, from the user's side. */
  sentence: string
  fields: Field[]
  dangers: string[]
  /** The ERC-20 `transfer`/`transferFrom` amount leaving `from`, for the whole-balance check. */
  tokenOut?: { token: string; from: string | undefined; amount: bigint } | undefined
  inner?: DecodedCall[] | undefined
}

const a = (value: unknown) => address(value)

/** Decodes `data` sent to `to`; undefined when the selector is not a standard one. */
export function decodeCalldata(
  to: string,
  data: Hex,
  tokens?: TokenBook,
  depth = 0,
): DecodedCall | undefined {
  if (size(data) < 4) return undefined
  let decoded: { functionName: string; args: readonly unknown[] }
  try {
    decoded = decodeFunctionData({ abi: standardAbi, data }) as typeof decoded
  } catch {
    return undefined
  }
  const { functionName } = decoded
  // biome-ignore lint/suspicious/noExplicitAny: the decoded tuple depends on the selector
  const args = decoded.args as readonly any[]
  const token = a(to)
  switch (functionName) {
    case 'transfer': {
      const [recipient, amount] = args as [string, bigint]
      return {
        functionName,
        sentence: `Send ${amountWithToken(amount, to, tokens)} to ${a(recipient)}`,
        fields: [
          { label: 'Recipient', value: a(recipient), mono: true },
          { label: 'Amount', value: amountWithToken(amount, to, tokens), mono: true },
        ],
        dangers: [],
        tokenOut: { token, from: undefined, amount },
      }
    }
    case 'approve': {
      const [spender, amount] = args as [string, bigint]
      const unlimited = isUnlimited(amount)
      return {
        functionName,
        sentence:
          amount === 0n
            ? `Remove ${a(spender)}'s permission to spend this token`
            : `Allow ${a(spender)} to spend ${amountWithToken(amount, to, tokens)}`,
        fields: [
          { label: 'Spender', value: a(spender), mono: true },
          { label: 'Amount or item', value: amountWithToken(amount, to, tokens), mono: true },
        ],
        dangers: unlimited
          ? [
              `Unlimited approval: ${a(spender)} could take all of this token from your account at any time, without asking again.`,
            ]
          : [],
      }
    }
    case 'transferFrom': {
      const [from, recipient, amount] = args as [string, string, bigint]
      return {
        functionName,
        sentence: `Move ${amountWithToken(amount, to, tokens)} (or item #${amount}) from ${a(from)} to ${a(recipient)}`,
        fields: [
          { label: 'From', value: a(from), mono: true },
          { label: 'To', value: a(recipient), mono: true },
          { label: 'Amount or token id', value: amount.toString(), mono: true },
        ],
        dangers: [],
        tokenOut: { token, from: a(from), amount },
      }
    }
    case 'safeTransferFrom':
    case 'safeBatchTransferFrom': {
      const [from, recipient] = args as [string, string]
      const erc1155 = args.length === 5
      const ids = (functionName === 'safeBatchTransferFrom' ? args[2] : [args[2]]) as bigint[]
      const amounts = (
        functionName === 'safeBatchTransferFrom' ? args[3] : erc1155 ? [args[3]] : [1n]
      ) as bigint[]
      const items = ids.map((id, i) => `${amounts[i] ?? 0n} × item #${id}`).join(', ')
      return {
        functionName,
        sentence: `Transfer ${items} of ${token} from ${a(from)} to ${a(recipient)}`,
        fields: [
          { label: 'From', value: a(from), mono: true },
          { label: 'To', value: a(recipient), mono: true },
          { label: 'Items', value: items, mono: true },
        ],
        dangers: [],
      }
    }
    case 'setApprovalForAll': {
      const [operator, approved] = args as [string, boolean]
      return {
        functionName,
        sentence: approved
          ? `Allow ${a(operator)} to move ALL of your items in collection ${token}`
          : `Remove ${a(operator)}'s permission to move your items in collection ${token}`,
        fields: [
          { label: 'Operator', value: a(operator), mono: true },
          { label: 'Approved', value: String(approved) },
        ],
        dangers: approved
          ? [
              `setApprovalForAll: ${a(operator)} could take every item you own in collection ${token}, now and in the future.`,
            ]
          : [],
      }
    }
    default: {
      // multicall: each inner call runs on the same contract.
      const calls = (args.length === 2 ? args[1] : args[0]) as Hex[]
      const inner = calls.map(
        (call) =>
          (depth < 3 ? decodeCalldata(to, call, tokens, depth + 1) : undefined) ?? {
            functionName: call.slice(0, 10),
            sentence: `Unknown call ${call.slice(0, 10)} (${size(call)} bytes)`,
            fields: [{ label: 'Data', value: call, mono: true }],
            dangers: [],
          },
      )
      return {
        functionName,
        sentence: `Run ${inner.length} calls in one transaction`,
        fields: inner.map((call, i) => ({
          label: `Call #${i + 1}: ${call.sentence}`,
          children: call.fields,
        })),
        dangers: inner.flatMap((call) => call.dangers),
        inner,
      }
    }
  }
}
