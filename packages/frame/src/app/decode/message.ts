import { hexToBytes, isHex, stringToHex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import type { ApprovalView, Field } from './view.js'

const SIWE_MARK = ' wants you to sign in with your Ethereum account:'

/** The message's text when its bytes are readable UTF-8 text, else undefined. */
export function messageText(message: string): string | undefined {
  if (!isHex(message)) return message
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message))
    // Control characters (other than line breaks and tabs) mean binary data, shown as hex.
    for (const char of text) {
      const code = char.charCodeAt(0)
      if ((code < 0x20 && char !== '\n' && char !== '\r' && char !== '\t') || code === 0x7f)
        return undefined
    }
    return text
  } catch {
    return undefined
  }
}

/**
 * The approval screen for `personal_sign`: text as text, anything else as hex, and a
 * sign-in-with-Ethereum message for a domain other than the requesting origin flagged.
 */
export function messageView(message: string, origin: string): ApprovalView {
  const text = messageText(message)
  const hex = isHex(message) ? message : stringToHex(message)
  const dangers: string[] = []
  const fields: Field[] = []
  const summary: string[] = []
  if (text?.includes(SIWE_MARK)) {
    const siwe = parseSiweMessage(text)
    const host = new URL(origin).host
    if (siwe.domain) {
      summary.push(`Sign in to ${siwe.domain} as ${siwe.address ?? 'your account'}`)
      if (siwe.domain !== host)
        dangers.push(
          `Likely phishing: this sign-in message is for ${siwe.domain}, but the request comes from ${origin}. Signing it could let ${origin} act as you on ${siwe.domain}.`,
        )
    } else dangers.push('This sign-in message names no website; it cannot be checked.')
    if (siwe.uri) {
      try {
        if (new URL(siwe.uri).host !== siwe.domain)
          dangers.push(`The sign-in message's address ${siwe.uri} is not on ${siwe.domain}.`)
      } catch {
        dangers.push(`The sign-in message's address ${siwe.uri} is not a valid URL.`)
      }
    }
  }
  fields.push(
    text === undefined
      ? { label: 'Message (binary data, shown as hex)', value: hex, mono: true }
      : { label: 'Message', value: text },
  )
  return {
    title: summary.length ? 'Sign in with Ethereum' : 'Sign message',
    dangers,
    summary,
    sections: [{ title: 'Message', fields }],
    raw: { label: 'Raw bytes (hex)', text: hex },
  }
}
