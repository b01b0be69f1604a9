import 'fake-indexeddb/auto'
import { base64 } from '@scure/base'
import { IDBFactory } from 'fake-indexeddb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  APP_ORIGIN,
  type AuthTestApp,
  FRAME_ORIGIN,
  openAuthTestApp,
} from '../../../../../apps/server/src/auth/testing.js'
import { type AuthApi, createAuthApi } from '../api.js'
import { loadDeviceShare, saveDeviceShare } from './device-store.js'
import { serverAddresses } from './keys.js'
import { unlockWallet } from './vault.js'

// The frame's custody code against the real server (PGlite, SMTP catcher): create, unlock on the
// same device, recover on a new one, and refuse a wrong share.
let t: AuthTestApp
let api: AuthApi
beforeAll(async () => {
  t = await openAuthTestApp()
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  api = createAuthApi(url, t.projectId, APP_ORIGIN)
  // Node's fetch sends no Origin; the server's CORS only matters to browsers.
  expect(FRAME_ORIGIN).toMatch(/^http/)
})
afterAll(() => t?.close())

let n = 0
async function session(email: string) {
  const deviceId = `vault-device-${String(++n).padStart(12, '0')}`
  await t.app.db.execute(`update auth_codes set created_at = created_at - interval '31 seconds'`)
  await t.app.db.execute(
    `update auth_devices set approval_sent_at = approval_sent_at - interval '31 seconds'`,
  )
  const lastMail = Math.max(0, ...t.mailbox.messages().map((m) => m.id))
  // The answer is VERIFY_OTP for every address; the mail tells a new device's approval link.
  await api.start(email, deviceId)
  const mail = await t.mailbox.waitFor((m) => m.id > lastMail && m.to.includes(email))
  if (mail.subject.includes('new device')) {
    const token = /#([A-Za-z0-9_-]+)/.exec(mail.text)![1]!
    await t.app.inject({
      method: 'POST',
      url: '/auth/v1/device/approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    })
    expect((await api.pollDevice(email, deviceId)).approved).toBe(true)
  }
  const otp = await t.codeFor(email)
  return api.verify(email, deviceId, otp)
}

describe('unlockWallet', () => {
  it('creates the wallet on first sign-in, then rebuilds the same key from device + auth share', async () => {
    const first = await session('vault@example.com')
    const created = await unlockWallet(api, first.token, first.user)
    const user = await api.session(first.token)
    // Every namespace's address, under the field the server has always used for it.
    expect(user).toMatchObject(serverAddresses(created))
    const again = await unlockWallet(api, first.token, user)
    expect(again.addresses).toEqual(created.addresses)
  })

  it('recovers on a new device (empty storage) and keeps a share there', async () => {
    const known = await api.session((await session('vault@example.com')).token)
    globalThis.indexedDB = new IDBFactory()
    const fresh = await session('vault@example.com')
    const wallet = await unlockWallet(api, fresh.token, fresh.user)
    expect(known).toMatchObject(serverAddresses(wallet))
    expect(await loadDeviceShare(known.evmAddress!.toLowerCase())).toBeDefined()
  })

  it('refuses a wrong device share by the address check and falls back to recovery', async () => {
    const s = await session('vault@example.com')
    const key = s.user.evmAddress!.toLowerCase()
    // A share of some other secret: combines to a different key.
    await saveDeviceShare(key, 'AQIDBAUGBwgJCgsMDQ4PEBE=')
    const wallet = await unlockWallet(api, s.token, s.user)
    expect(s.user).toMatchObject(serverAddresses(wallet))
    expect(await loadDeviceShare(key)).not.toBe('AQIDBAUGBwgJCgsMDQ4PEBE=')
  })

  it('falls back to recovery from a device share that does not combine at all', async () => {
    const s = await session('vault@example.com')
    const key = s.user.evmAddress!.toLowerCase()
    // Shares carry their x coordinate last: one with the auth share's own x cannot combine with
    // it (the library refuses duplicates), and one of another length cannot either.
    const { authShare } = await api.authShare(s.token)
    const auth = base64.decode(authShare)
    const sameX = new Uint8Array(auth.length).fill(7)
    sameX[sameX.length - 1] = auth[auth.length - 1] as number
    // Each recovery swaps the session's token: the next unlock uses the new one.
    let token = s.token
    const hooks = { onSessionRotated: (rotated: string) => (token = rotated) }
    for (const broken of [base64.encode(sameX), base64.encode(new Uint8Array(5).fill(9))]) {
      await saveDeviceShare(key, broken)
      const wallet = await unlockWallet(api, token, s.user, hooks)
      expect(s.user).toMatchObject(serverAddresses(wallet))
      expect(await loadDeviceShare(key)).not.toBe(broken)
    }
  })
})
