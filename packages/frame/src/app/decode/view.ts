/**
 * What the approval screen shows, built from parsed values only. The UI renders this as text
 * nodes; nothing in it is HTML and nothing is cut short.
 */
export interface Field {
  label: string
  /** A leaf's text. Long values wrap inside the frame rather than being truncated. */
  value?: string | undefined
  /** Addresses, hashes and amounts are shown in a fixed-width font so look-alikes stand out. */
  mono?: boolean | undefined
  children?: Field[] | undefined
}

export interface Section {
  title: string
  fields: Field[]
}

export interface ApprovalView {
  title: string
  /** Plain-words warnings, shown first in a banner. */
  dangers: string[]
  /** What the request does, in sentences ("Allow … to spend … until …"). */
  summary: string[]
  sections: Section[]
  /** The exact bytes or text being signed, one click away. */
  raw?: { label: string; text: string } | undefined
}

export const leaf = (label: string, value: string, mono = false): Field =>
  mono ? { label, value, mono } : { label, value }
