import { hexToBytes, isHex, stringToHex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { t } from '../i18n/index.js'
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
      summary.push(
        t('message.siweSummary', {
          domain: siwe.domain,
          address: siwe.address ?? t('message.yourAccount'),
        }),
      )
      if (siwe.domain !== host) dangers.push(t('message.phishing', { domain: siwe.domain, origin }))
    } else dangers.push(t('message.noDomain'))
    if (siwe.uri) {
      try {
        if (new URL(siwe.uri).host !== siwe.domain)
          dangers.push(t('message.uriElsewhere', { uri: siwe.uri, domain: siwe.domain ?? '' }))
      } catch {
        dangers.push(t('message.uriInvalid', { uri: siwe.uri }))
      }
    }
  }
  fields.push(
    text === undefined
      ? { label: t('message.binary'), value: hex, mono: true }
      : { label: t('message.text'), value: text },
  )
  return {
    title: summary.length ? t('message.siweTitle') : t('message.title'),
    dangers,
    summary,
    sections: [{ title: t('message.section'), fields }],
    raw: { label: t('message.raw'), text: hex },
  }
}
