import { decodeFunctionData, type Hex, parseAbi, size } from 'viem'
import type { Field } from '../../../decode/view.js'
import { formatDecimal, t } from '../../../i18n/index.js'
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
        sentence: t('call.transfer', {
          amount: amountWithToken(amount, to, tokens),
          address: a(recipient),
        }),
        fields: [
          { label: t('call.recipient'), value: a(recipient), mono: true },
          { label: t('call.amount'), value: amountWithToken(amount, to, tokens), mono: true },
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
            ? t('call.revoke', { spender: a(spender) })
            : t('call.approve', {
                spender: a(spender),
                amount: amountWithToken(amount, to, tokens),
              }),
        fields: [
          { label: t('call.spender'), value: a(spender), mono: true },
          { label: t('call.amountOrItem'), value: amountWithToken(amount, to, tokens), mono: true },
        ],
        dangers: unlimited ? [t('call.unlimitedDanger', { spender: a(spender) })] : [],
      }
    }
    case 'transferFrom': {
      const [from, recipient, amount] = args as [string, string, bigint]
      return {
        functionName,
        sentence: t('call.transferFrom', {
          amount: amountWithToken(amount, to, tokens),
          id: amount.toString(),
          from: a(from),
          to: a(recipient),
        }),
        fields: [
          { label: t('tx.from'), value: a(from), mono: true },
          { label: t('tx.to'), value: a(recipient), mono: true },
          { label: t('call.amountOrId'), value: amount.toString(), mono: true },
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
      const items = ids
        .map((id, i) =>
          t('amount.items', { count: formatDecimal(String(amounts[i] ?? 0n)), id: String(id) }),
        )
        .join(', ')
      return {
        functionName,
        sentence: t('call.transferItems', { items, token, from: a(from), to: a(recipient) }),
        fields: [
          { label: t('tx.from'), value: a(from), mono: true },
          { label: t('tx.to'), value: a(recipient), mono: true },
          { label: t('call.items'), value: items, mono: true },
        ],
        dangers: [],
      }
    }
    case 'setApprovalForAll': {
      const [operator, approved] = args as [string, boolean]
      return {
        functionName,
        sentence: approved
          ? t('call.approveAll', { operator: a(operator), token })
          : t('call.revokeAll', { operator: a(operator), token }),
        fields: [
          { label: t('call.operator'), value: a(operator), mono: true },
          { label: t('call.approved'), value: approved ? t('call.yes') : t('call.no') },
        ],
        dangers: approved ? [t('call.approveAllDanger', { operator: a(operator), token })] : [],
      }
    }
    default: {
      // multicall: each inner call runs on the same contract.
      const calls = (args.length === 2 ? args[1] : args[0]) as Hex[]
      const inner = calls.map(
        (call) =>
          (depth < 3 ? decodeCalldata(to, call, tokens, depth + 1) : undefined) ?? {
            functionName: call.slice(0, 10),
            sentence: t('call.unknownCall', { selector: call.slice(0, 10), size: size(call) }),
            fields: [{ label: t('call.data'), value: call, mono: true }],
            dangers: [],
          },
      )
      return {
        functionName,
        sentence: t('call.multicall', { count: inner.length }),
        fields: inner.map((call, i) => ({
          label: t('call.inner', { n: i + 1, sentence: call.sentence }),
          children: call.fields,
        })),
        dangers: inner.flatMap((call) => call.dangers),
        inner,
      }
    }
  }
}
