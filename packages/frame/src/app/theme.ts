/**
 * The app's theme as the frame uses it (SYNC_THEME). The page's values never reach a stylesheet
 * as they came: each one the frame uses is parsed into a value of its own making, so nothing a
 * page sends can add a rule, load a resource or hide the frame's text. Only the mode, the accent
 * colour and the corner radius are taken; font size and the rest stay the frame's, so the
 * approval view's layout (origin first, dangers visible) is the same for every app.
 */

export interface FrameTheme {
  mode?: 'light' | 'dark' | undefined
  /** `#rrggbb`, with the label colour that reads best on it. */
  accent?: { background: string; text: string } | undefined
  /** Button and field corners, 0–16 px. */
  radius?: string | undefined
}

type Rgb = [number, number, number]

function parseColor(value: string): Rgb | undefined {
  const v = value.trim().toLowerCase()
  let m = /^#([0-9a-f]{3})$/.exec(v)
  if (m) return [...m[1]!].map((c) => Number.parseInt(c + c, 16)) as Rgb
  m = /^#([0-9a-f]{6})$/.exec(v)
  if (m) return [0, 2, 4].map((i) => Number.parseInt(m![1]!.slice(i, i + 2), 16)) as Rgb
  // Opaque rgb() only: a translucent accent could fade the Approve button into the page.
  m = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(v)
  if (m) {
    const rgb = [m[1], m[2], m[3]].map(Number) as Rgb
    return rgb.every((c) => c <= 255) ? rgb : undefined
  }
  return undefined
}

const hex = (rgb: Rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** White or near-black, whichever contrasts more with the accent (WCAG contrast ratio). */
export function labelColor(rgb: Rgb): string {
  const l = luminance(rgb)
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#141414'
}

function parseRadius(value: string | number): string | undefined {
  const m =
    typeof value === 'number'
      ? [String(value), String(value)]
      : /^(\d{1,3}(?:\.\d+)?)px$/.exec(value.trim())
  if (!m) return undefined
  const px = Number(m[1])
  if (!Number.isFinite(px)) return undefined
  // The app's master radius; the frame's controls use twice it, as the modal's do.
  return `${Math.min(16, Math.max(0, px * 2))}px`
}

/** The theme the frame applies, from a SYNC_THEME payload that passed the schema. */
export function frameTheme(payload: {
  themeMode?: 'light' | 'dark' | undefined
  themeVariables?: Record<string, string | number> | undefined
}): FrameTheme {
  const vars = payload.themeVariables ?? {}
  const accentValue = vars['--latch-accent']
  const accent = typeof accentValue === 'string' ? parseColor(accentValue) : undefined
  const radiusValue = vars['--latch-border-radius-master']
  return {
    mode: payload.themeMode,
    accent: accent && { background: hex(accent), text: labelColor(accent) },
    radius: radiusValue === undefined ? undefined : parseRadius(radiusValue),
  }
}

/**
 * Puts the theme on the frame's document. Custom properties are set through the CSSOM (the
 * frame's CSP allows no inline style), from the values parsed above only.
 */
export function applyFrameTheme(doc: Document, theme: FrameTheme): void {
  const root = doc.documentElement
  if (theme.mode) root.dataset.theme = theme.mode
  else delete root.dataset.theme
  const set = (name: string, value: string | undefined) =>
    value === undefined ? root.style.removeProperty(name) : root.style.setProperty(name, value)
  set('--frame-accent', theme.accent?.background)
  set('--frame-accent-text', theme.accent?.text)
  set('--frame-radius', theme.radius)
}
