import { createHash } from 'node:crypto'

/** Hue from the id, so each icon keeps its colour across releases and restarts. */
function hueOf(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt16BE(0) % 360
}

const xmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => xmlEscapes[c]!)
}

/** Up to two letters or digits: the initials of the first two words, else the first two. */
export function initialsOf(label: string): string {
  // "MetaMask" reads as two words.
  const spaced = label.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
  const words = spaced.match(/[\p{L}\p{N}]+/gu) ?? []
  const [first, second] = words
  if (!first) return '?'
  const letters = second ? [...first][0]! + [...second][0]! : [...first].slice(0, 2).join('')
  return letters.toUpperCase()
}

export interface IconOptions {
  /** Text drawn on the icon; 1-4 characters read well. */
  text: string
  /** Picks the background colour. */
  seed: string
  /** Square with rounded corners (wallets, tokens) or a circle (networks, currencies). */
  shape: 'square' | 'circle'
}

/** A 96x96 SVG: the text in white on a colour derived from the seed. */
export function drawIcon({ text, seed, shape }: IconOptions): string {
  const hue = hueOf(seed)
  const size = text.length <= 2 ? 40 : text.length === 3 ? 32 : 24
  const background =
    shape === 'circle'
      ? `<circle cx="48" cy="48" r="48" fill="hsl(${hue} 62% 42%)"/>`
      : `<rect width="96" height="96" rx="24" fill="hsl(${hue} 62% 42%)"/>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(text)}">` +
    background +
    `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" fill="#fff" ` +
    `font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="${size}" font-weight="600">` +
    `${escapeXml(text)}</text></svg>`
  )
}
