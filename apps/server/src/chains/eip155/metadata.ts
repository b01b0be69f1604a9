import {
  type Address,
  decodeAbiParameters,
  encodeFunctionData,
  type Hex,
  hexToString,
  type PublicClient,
  parseAbi,
} from 'viem'
import { lureTextReason } from './spam.js'
import type { TokenMetadata, TokenStandard } from './types.js'

const abi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function tokenURI(uint256 id) view returns (string)',
  'function uri(uint256 id) view returns (string)',
])

async function call(
  client: PublicClient,
  to: Address,
  data: Hex,
  block?: Hex,
): Promise<Hex | null> {
  try {
    const result = (await client.request({
      method: 'eth_call',
      params: [{ to, data }, block ?? 'latest'],
    })) as Hex
    return result && result !== '0x' ? result : null
  } catch {
    // Non-compliant or missing functions revert; the field just stays unknown.
    return null
  }
}

/** Strings come as ABI `string` or, from old tokens (MKR, SAI), as a NUL-padded bytes32. */
export function decodeText(result: Hex | null): string | null {
  if (!result) return null
  try {
    const [text] = decodeAbiParameters([{ type: 'string' }], result)
    return clean(text)
  } catch {}
  if (result.length === 66) {
    try {
      return clean(hexToString(result, { size: 32 }).replace(/\0+$/, ''))
    } catch {}
  }
  return null
}

function clean(text: string): string | null {
  // Control characters would break clients that render the name; cap the length for the same reason.
  const trimmed = text
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200)
  return trimmed.length > 0 ? trimmed : null
}

export async function readTokenMetadata(
  client: PublicClient,
  address: Address,
  standard: TokenStandard,
  block?: Hex,
): Promise<TokenMetadata> {
  const [name, symbol, decimals] = await Promise.all([
    call(client, address, encodeFunctionData({ abi, functionName: 'name' }), block),
    call(client, address, encodeFunctionData({ abi, functionName: 'symbol' }), block),
    standard === 'erc20'
      ? call(client, address, encodeFunctionData({ abi, functionName: 'decimals' }), block)
      : Promise.resolve(null),
  ])
  let decimalsValue: number | null = null
  if (decimals && decimals.length === 66) {
    const n = BigInt(decimals)
    if (n <= 255n) decimalsValue = Number(n)
  }
  const nameText = decodeText(name)
  const symbolText = decodeText(symbol)
  return {
    address,
    standard,
    name: nameText,
    symbol: symbolText,
    decimals: standard === 'erc20' ? decimalsValue : 0,
    spamReason: standard === 'erc20' ? null : lureTextReason(nameText, symbolText),
  }
}

export interface NftMetadata {
  tokenUri: string | null
  name: string | null
  imageUrl: string | null
}

/**
 * Reads tokenURI (ERC-721) or uri (ERC-1155, with the `{id}` substitution). Only `data:` JSON
 * documents are opened: fetching remote metadata would make indexing depend on third-party hosts.
 */
export async function readNftMetadata(
  client: PublicClient,
  contract: Address,
  tokenId: bigint,
  standard: 'erc721' | 'erc1155',
  block?: Hex,
): Promise<NftMetadata> {
  const data =
    standard === 'erc721'
      ? encodeFunctionData({ abi, functionName: 'tokenURI', args: [tokenId] })
      : encodeFunctionData({ abi, functionName: 'uri', args: [tokenId] })
  let tokenUri = decodeText(await call(client, contract, data, block))
  if (tokenUri && standard === 'erc1155')
    tokenUri = tokenUri.replace('{id}', tokenId.toString(16).padStart(64, '0'))
  return { tokenUri, ...parseTokenUri(tokenUri) }
}

export function parseTokenUri(tokenUri: string | null): {
  name: string | null
  imageUrl: string | null
} {
  if (!tokenUri) return { name: null, imageUrl: null }
  const json = /^data:application\/json(;base64)?,(.*)$/s.exec(tokenUri)
  if (json) {
    try {
      const text = json[1]
        ? Buffer.from(json[2]!, 'base64').toString('utf8')
        : decodeURIComponent(json[2]!)
      const doc = JSON.parse(text) as { name?: unknown; image?: unknown; image_url?: unknown }
      const image =
        typeof doc.image === 'string'
          ? doc.image
          : typeof doc.image_url === 'string'
            ? doc.image_url
            : null
      return {
        name: typeof doc.name === 'string' ? clean(doc.name) : null,
        imageUrl: image && image.length <= 100_000 ? image : null,
      }
    } catch {
      return { name: null, imageUrl: null }
    }
  }
  if (/^(data:image\/|https?:\/\/.*\.(png|jpe?g|gif|svg|webp)(\?|$))/i.test(tokenUri))
    return { name: null, imageUrl: tokenUri }
  return { name: null, imageUrl: null }
}
