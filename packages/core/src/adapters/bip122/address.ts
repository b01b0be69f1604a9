/**
 * Bitcoin address rules in plain code (the traits load with the page): base58check P2PKH/P2SH and
 * bech32 (witness v0) / bech32m (v1, taproot) with their checksums, per network family.
 */
import { sha256 } from './sha256.js'

/** Which networks an address can belong to; testnet, signet and regtest share base58 prefixes. */
export type AddressNetwork = 'mainnet' | 'testnet' | 'regtest'
export type AddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr'

export interface ParsedAddress {
  type: AddressType
  /** Base58 addresses on test networks could be testnet, signet or regtest ones. */
  networks: readonly AddressNetwork[]
}

const HRP: Record<string, AddressNetwork> = { bc: 'mainnet', tb: 'testnet', bcrt: 'regtest' }
const TEST_NETWORKS: readonly AddressNetwork[] = ['testnet', 'regtest']
const BASE58_VERSION: Record<number, ParsedAddress> = {
  0: { type: 'p2pkh', networks: ['mainnet'] },
  5: { type: 'p2sh', networks: ['mainnet'] },
  111: { type: 'p2pkh', networks: TEST_NETWORKS },
  196: { type: 'p2sh', networks: TEST_NETWORKS },
}

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BECH32 = 1
const BECH32M = 0x2bc830a3

function polymod(values: number[]): number {
  const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  let chk = 1
  for (const value of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ value
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= generator[i] as number
  }
  return chk >>> 0
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((c) => c.charCodeAt(0))
  return [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)]
}

/** 5-bit groups to bytes; undefined when the padding is not zeros (BIP-173). */
function fromWords(words: number[]): Uint8Array | undefined {
  let acc = 0
  let bits = 0
  const out: number[] = []
  for (const word of words) {
    acc = (acc << 5) | word
    bits += 5
    while (bits >= 8) {
      bits -= 8
      out.push((acc >> bits) & 0xff)
    }
  }
  if (bits >= 5 || (acc << (8 - bits)) & 0xff) return undefined
  return new Uint8Array(out)
}

function parseSegwit(address: string): ParsedAddress | undefined {
  if (
    address.length > 90 ||
    (address !== address.toLowerCase() && address !== address.toUpperCase())
  )
    return undefined
  const lower = address.toLowerCase()
  const split = lower.lastIndexOf('1')
  const network = HRP[lower.slice(0, split)]
  if (!network || lower.length - split - 1 < 7) return undefined
  const data: number[] = []
  for (const c of lower.slice(split + 1)) {
    const value = CHARSET.indexOf(c)
    if (value < 0) return undefined
    data.push(value)
  }
  const check = polymod([...hrpExpand(lower.slice(0, split)), ...data])
  const version = data[0] as number
  // Witness v0 is bech32 (BIP-173); v1 and later bech32m (BIP-350).
  if (check !== (version === 0 ? BECH32 : BECH32M)) return undefined
  const program = fromWords(data.slice(1, -6))
  if (!program) return undefined
  if (version === 0 && program.length === 20) return { type: 'p2wpkh', networks: [network] }
  if (version === 0 && program.length === 32) return { type: 'p2wsh', networks: [network] }
  // Only taproot among later versions: a send to an unknown witness version would burn the coins
  // on any wallet that cannot spend it.
  if (version === 1 && program.length === 32) return { type: 'p2tr', networks: [network] }
  return undefined
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n
  for (const c of text) {
    const digit = BASE58.indexOf(c)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  for (const c of text) {
    if (c !== '1') break
    bytes.unshift(0)
  }
  return new Uint8Array(bytes)
}

function parseBase58(address: string): ParsedAddress | undefined {
  if (address.length < 26 || address.length > 35) return undefined
  const bytes = base58Decode(address)
  if (bytes?.length !== 25) return undefined
  const checksum = sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4)
  if (checksum.some((b, i) => b !== bytes[21 + i])) return undefined
  return BASE58_VERSION[bytes[0] as number]
}

/** The address's type and possible networks, or undefined when it is no valid Bitcoin address. */
export function parseBitcoinAddress(address: string): ParsedAddress | undefined {
  if (/^(bc|tb|bcrt)1/i.test(address)) return parseSegwit(address)
  return parseBase58(address)
}

/** Bech32 addresses compare lower-case; base58 is case-sensitive and stays as given. */
export function normalizeBitcoinAddress(address: string): string {
  return /^(bc|tb|bcrt)1/i.test(address) ? address.toLowerCase() : address
}
