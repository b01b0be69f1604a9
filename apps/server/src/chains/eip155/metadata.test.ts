import { encodeAbiParameters, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeText, parseTokenUri } from './metadata.js'

describe('decodeText', () => {
  it('reads ABI strings and bytes32 names', () => {
    expect(decodeText(encodeAbiParameters([{ type: 'string' }], ['Maker']))).toBe('Maker')
    expect(decodeText(stringToHex('MKR', { size: 32 }))).toBe('MKR')
    expect(decodeText(null)).toBeNull()
    expect(decodeText('0x1234')).toBeNull()
  })
})

describe('parseTokenUri', () => {
  it('opens data: JSON documents only', () => {
    const doc = JSON.stringify({ name: 'Thing #1', image: 'data:image/svg+xml;base64,AA==' })
    expect(
      parseTokenUri(`data:application/json;base64,${Buffer.from(doc).toString('base64')}`),
    ).toEqual({
      name: 'Thing #1',
      imageUrl: 'data:image/svg+xml;base64,AA==',
    })
    expect(parseTokenUri(`data:application/json,${encodeURIComponent(doc)}`).name).toBe('Thing #1')
    expect(parseTokenUri('ipfs://Qm/1.json')).toEqual({ name: null, imageUrl: null })
    expect(parseTokenUri('https://example.test/1.png')).toEqual({
      name: null,
      imageUrl: 'https://example.test/1.png',
    })
    expect(parseTokenUri('data:application/json;base64,@@@')).toEqual({
      name: null,
      imageUrl: null,
    })
  })
})
