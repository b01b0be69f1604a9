import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../config.js'
import { parseBundlerUrls } from './config.js'

describe('LATCH_BUNDLER_URLS', () => {
  it('maps each chain to its bundler', () => {
    const urls = parseBundlerUrls(
      'eip155:31337=http://127.0.0.1:4337, eip155:8453=https://b.example/rpc?k=1',
    )
    expect([...urls]).toEqual([
      [31337, 'http://127.0.0.1:4337/'],
      [8453, 'https://b.example/rpc?k=1'],
    ])
    expect(parseBundlerUrls(undefined).size).toBe(0)
    expect(parseBundlerUrls('').size).toBe(0)
  })

  it('refuses malformed entries with a clear message', () => {
    expect(() => parseBundlerUrls('31337=http://x')).toThrow(/eip155:<chain id>=<url>/)
    expect(() => parseBundlerUrls('eip155:1=not a url')).toThrow(/is not a URL/)
    expect(() => parseBundlerUrls('eip155:1=ftp://x')).toThrow(/http\(s\)/)
    expect(() => parseBundlerUrls('eip155:1=http://u:p@x')).toThrow(/user or password/)
    expect(() => parseBundlerUrls('eip155:1=http://a,eip155:1=http://b')).toThrow(/twice/)
  })

  it('stops the server from loading a bad value', () => {
    expect(() =>
      loadConfig({ LATCH_DATA_DIR: 'memory://', LATCH_BUNDLER_URLS: 'eip155:x=http://a' }),
    ).toThrow(/LATCH_BUNDLER_URLS/)
    const config = loadConfig({
      LATCH_DATA_DIR: 'memory://',
      LATCH_BUNDLER_URLS: 'eip155:31337=http://127.0.0.1:4337',
    })
    expect(config.bundlers.get(31337)).toBe('http://127.0.0.1:4337/')
  })
})
