import { describe, expect, it } from 'vitest'
import { readStackEnv, StackEnvError } from './env.js'

describe('readStackEnv', () => {
  it('uses the documented defaults', () => {
    expect(readStackEnv({}, '/repo')).toEqual({
      chainPort: 8545,
      serverPort: 8787,
      webPort: 5173,
      framePort: 5174,
      mailboxPort: 8025,
      mailboxSmtpPort: 1025,
      relayPort: 8555,
      idpPort: 8556,
      solanaPort: 8899,
      dataDir: '/repo/.data',
      databaseUrl: undefined,
    })
  })

  it('takes overrides from env', () => {
    const env = readStackEnv({ LATCH_WEB_PORT: '6000', LATCH_DATA_DIR: '/tmp/x' }, '/repo')
    expect(env.webPort).toBe(6000)
    expect(env.dataDir).toBe('/tmp/x')
  })

  it('names every bad variable at once', () => {
    const read = () => readStackEnv({ LATCH_CHAIN_PORT: 'abc', LATCH_WEB_PORT: '70000' })
    expect(read).toThrow(StackEnvError)
    expect(read).toThrow(/LATCH_CHAIN_PORT: must be a port number from 1 to 65535, got "abc"/)
    expect(read).toThrow(/LATCH_WEB_PORT: .* got "70000"/)
  })

  it('refuses two parts on one port', () => {
    expect(() => readStackEnv({ LATCH_SERVER_PORT: '5173' })).toThrow(/must differ/)
  })
})
