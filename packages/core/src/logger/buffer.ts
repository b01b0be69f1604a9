/**
 * The log's memory: whole lines, oldest dropped first, never more than `maxBytes` of UTF-8 in
 * all. A page can run for days; the log an app attaches to a support request must not grow
 * with it (seed-spec §6: 1,024,000 bytes).
 */
export const LOG_BUFFER_BYTES = 1_024_000

const encoder = /* @__PURE__ */ new TextEncoder()
const bytesOf = (text: string) => encoder.encode(text).length

export interface LogBuffer {
  push(line: string): void
  /** The lines kept, oldest first. */
  lines(): string[]
  /** Their UTF-8 size, each counted with the newline that joins them. */
  readonly bytes: number
  clear(): void
}

/** Cuts `text` to at most `max` UTF-8 bytes without splitting a character. */
function cutToBytes(text: string, max: number): string {
  const { read } = encoder.encodeInto(text, new Uint8Array(max))
  return text.slice(0, read)
}

export function createLogBuffer(maxBytes: number = LOG_BUFFER_BYTES): LogBuffer {
  const kept: { line: string; size: number }[] = []
  let start = 0
  let total = 0
  return {
    push(text) {
      // A line alone bigger than the whole buffer keeps its head (with its newline, it fits).
      const line = bytesOf(text) + 1 > maxBytes ? cutToBytes(text, maxBytes - 1) : text
      const size = bytesOf(line) + 1
      kept.push({ line, size })
      total += size
      while (total > maxBytes) total -= kept[start++]!.size
      // Compact now and then rather than shifting the array on every drop.
      if (start > 1024 && start * 2 > kept.length) {
        kept.splice(0, start)
        start = 0
      }
    },
    lines: () => kept.slice(start).map((entry) => entry.line),
    get bytes() {
      return total
    },
    clear() {
      kept.length = 0
      start = 0
      total = 0
    },
  }
}
