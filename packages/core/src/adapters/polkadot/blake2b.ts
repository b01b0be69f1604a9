// BLAKE2b (RFC 7693), unkeyed, on BigInt words: SS58's checksum hashes under 64 bytes once per
// address check, so speed does not matter and size does — this loads with the page (traits.ts),
// where a hash library would cost a few KiB gzip.

const MASK = (1n << 64n) - 1n
const IV = [
  0x6a09e667f3bcc908n,
  0xbb67ae8584caa73bn,
  0x3c6ef372fe94f82bn,
  0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n,
  0x9b05688c2b3e6c1fn,
  0x1f83d9abfb41bd6bn,
  0x5be0cd19137e2179n,
]
// The message schedule of rounds 0–9 (rounds 10 and 11 repeat 0 and 1), one hex digit a word index.
const SIGMA = [
  '0123456789abcdef',
  'ea489fd61c02b753',
  'b8c052fdae367194',
  '7931dcbe265a40f8',
  '905724afe1bc683d',
  '2c6a0b834d75fe19',
  'c51fed4a0763928b',
  'db7ec13950f4862a',
  '6fe9b308c2d714a5',
  'a2847615fb9e3cd0',
].map((row) => Array.from(row, (digit) => Number.parseInt(digit, 16)))
// The four columns, then the four diagonals, of the 4×4 state.
const LANES = [
  [0, 4, 8, 12],
  [1, 5, 9, 13],
  [2, 6, 10, 14],
  [3, 7, 11, 15],
  [0, 5, 10, 15],
  [1, 6, 11, 12],
  [2, 7, 8, 13],
  [3, 4, 9, 14],
]

const rotr = (x: bigint, n: bigint) => ((x >> n) | (x << (64n - n))) & MASK

function compress(h: bigint[], block: Uint8Array, counter: bigint, last: boolean) {
  const m = Array.from({ length: 16 }, (_, i) => {
    let word = 0n
    for (let j = 7; j >= 0; j--) word = (word << 8n) | BigInt(block[i * 8 + j] as number)
    return word
  })
  const v = [...h, ...IV]
  v[12] = (v[12] as bigint) ^ (counter & MASK)
  v[13] = (v[13] as bigint) ^ (counter >> 64n)
  if (last) v[14] = (v[14] as bigint) ^ MASK
  for (let round = 0; round < 12; round++) {
    const s = SIGMA[round % 10] as number[]
    LANES.forEach(([a, b, c, d], lane) => {
      const x = m[s[2 * lane] as number] as bigint
      const y = m[s[2 * lane + 1] as number] as bigint
      const at = (i: number) => v[i as number] as bigint
      const A = a as number
      const B = b as number
      const C = c as number
      const D = d as number
      v[A] = (at(A) + at(B) + x) & MASK
      v[D] = rotr(at(D) ^ at(A), 32n)
      v[C] = (at(C) + at(D)) & MASK
      v[B] = rotr(at(B) ^ at(C), 24n)
      v[A] = (at(A) + at(B) + y) & MASK
      v[D] = rotr(at(D) ^ at(A), 16n)
      v[C] = (at(C) + at(D)) & MASK
      v[B] = rotr(at(B) ^ at(C), 63n)
    })
  }
  for (let i = 0; i < 8; i++) h[i] = (h[i] as bigint) ^ (v[i] as bigint) ^ (v[i + 8] as bigint)
}

/** BLAKE2b of `input`, `outLength` bytes (1–64). */
export function blake2b(input: Uint8Array, outLength = 64): Uint8Array {
  if (!Number.isInteger(outLength) || outLength < 1 || outLength > 64)
    throw new RangeError('BLAKE2b gives 1 to 64 bytes')
  const h = [...IV]
  h[0] = (h[0] as bigint) ^ 0x01010000n ^ BigInt(outLength)
  const blocks = Math.max(1, Math.ceil(input.length / 128))
  for (let i = 0; i < blocks; i++) {
    const block = new Uint8Array(128)
    block.set(input.subarray(i * 128, (i + 1) * 128))
    const last = i === blocks - 1
    compress(h, block, BigInt(last ? input.length : (i + 1) * 128), last)
  }
  const out = new Uint8Array(64)
  h.forEach((word, i) => {
    for (let j = 0; j < 8; j++) out[i * 8 + j] = Number((word >> BigInt(8 * j)) & 0xffn)
  })
  return out.slice(0, outLength)
}
