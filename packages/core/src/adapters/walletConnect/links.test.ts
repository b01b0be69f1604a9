import { describe, expect, it } from 'vitest'
import { walletConnectLink } from './links.js'

const uri = 'wc:abc@2?relay-protocol=irn&symKey=01'
const encoded = encodeURIComponent(uri)

describe('walletConnectLink', () => {
  it('opens a native scheme with the pairing URI', () => {
    expect(walletConnectLink('rainbow://', uri)).toBe(`rainbow://wc?uri=${encoded}`)
    expect(walletConnectLink('metamask:', uri)).toBe(`metamask://wc?uri=${encoded}`)
    expect(walletConnectLink('trust://open/', uri)).toBe(`trust://open/wc?uri=${encoded}`)
  })

  it('opens a universal link with the pairing URI', () => {
    expect(walletConnectLink('https://rnbwapp.com', uri)).toBe(
      `https://rnbwapp.com/wc?uri=${encoded}`,
    )
    expect(walletConnectLink('https://link.trustwallet.com/', uri)).toBe(
      `https://link.trustwallet.com/wc?uri=${encoded}`,
    )
  })

  it('refuses links a hostile catalogue entry could use to run script or leave TLS', () => {
    for (const link of [
      'javascript:alert(1)//',
      'JAVASCRIPT://x',
      'data:text/html,x',
      'http://x.test',
      'nonsense',
      '',
    ])
      expect(walletConnectLink(link, uri)).toBeUndefined()
    expect(walletConnectLink(null, uri)).toBeUndefined()
  })
})
