import { describe, expect, it } from 'vitest'
import { appEnglish, appGerman } from './catalogue'

type Tree = { [key: string]: string | Tree }

function strings(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') found.set(at, value)
    else for (const [inner, text] of strings(value, at)) found.set(inner, text)
  }
  return found
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe("the web app's German", () => {
  const english = strings(appEnglish as unknown as Tree)
  const german = strings(appGerman as unknown as Tree)

  it('has every key English has, and no other', () => {
    expect([...english.keys()].filter((at) => !german.has(at))).toEqual([])
    expect([...german.keys()].filter((at) => !english.has(at))).toEqual([])
  })

  it('keeps the placeholders and translates the sentences', () => {
    for (const [at, text] of english) {
      expect(placeholders(german.get(at) ?? ''), at).toEqual(placeholders(text))
      if (/[a-z]{3,} [a-z]{3,}/.test(text)) expect(german.get(at), at).not.toBe(text)
    }
  })
})

describe('the landing in German', () => {
  it('joins the families with Intl in the locale and fills the German sentence', async () => {
    const { landingBody } = await import('../landingText')
    const { defaultFeatures } = await import('@latch/core')
    const adapter = (namespace: string, label: string) =>
      ({ traits: { namespace, label } }) as never
    const text = landingBody(
      { adapters: [adapter('eip155', 'Ethereum'), adapter('solana', 'Solana')] },
      defaultFeatures,
      true,
      appGerman.landing,
      'de',
    )
    expect(text).toMatch(
      /^Latch verbindet EVM und Solana Browser-Wallets, Telefone über WalletConnect\. /,
    )
  })
})
