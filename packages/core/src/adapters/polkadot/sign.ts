/** A message's UTF-8 bytes as the hex `signRaw` takes (the extension adds the <Bytes> wrapping). */
export function messageHex(message: string): string {
  const bytes = new TextEncoder().encode(message)
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** What an extension signs for `signRaw({ type: 'bytes' })`: the bytes inside <Bytes>…</Bytes>. */
export function wrapBytes(message: Uint8Array): Uint8Array {
  const open = new TextEncoder().encode('<Bytes>')
  const close = new TextEncoder().encode('</Bytes>')
  const starts = open.every((b, i) => message[i] === b)
  const ends = close.every((b, i) => message[message.length - close.length + i] === b)
  // Already wrapped bytes are signed as they are, as polkadot-js does (u8aWrapBytes).
  if (starts && ends && message.length >= open.length + close.length) return message
  const out = new Uint8Array(open.length + message.length + close.length)
  out.set(open)
  out.set(message, open.length)
  out.set(close, open.length + message.length)
  return out
}
