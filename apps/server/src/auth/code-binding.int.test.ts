import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_ORIGIN, type AuthTestApp, FRAME_ORIGIN, openAuthTestAppOn } from './testing.js'

// A sign-in code works only with the device id that asked for it (docs/custody.md#sign-in-in-the-frame):
// the attack is a code seen somewhere (a page that drew a lookalike field, a shoulder) typed in on
// the attacker's own device, with or without a sign-in the attacker started there.
const VICTIM_DEVICE = 'victim-device-000000000000000001'
const ATTACKER_DEVICE = 'attacker-device-0000000000000001'

describe.each(['pglite', 'postgres'] as const)(
  'sign-in codes bound to their device on %s',
  (kind) => {
    let t: AuthTestApp
    let skip = ''
    beforeAll(async () => {
      const opened = await openAuthTestAppOn(kind)
      if ('unavailable' in opened) skip = opened.unavailable
      else t = opened
    })
    afterAll(async () => {
      await t?.close()
    })

    const call = (path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/auth/v1/email/${path}`,
        headers: { origin: FRAME_ORIGIN, 'latch-page-origin': APP_ORIGIN },
        payload: { projectId: t.projectId, ...payload },
      })

    it("a victim's code is refused on the attacker's device and still works on the victim's", async (context) => {
      if (skip) return context.skip(skip)
      const email = `bound-${kind}@example.com`
      expect((await call('start', { email, deviceId: VICTIM_DEVICE })).statusCode).toBe(200)
      const code = await t.codeFor(email)

      const stolen = await call('verify', { email, deviceId: ATTACKER_DEVICE, otp: code })
      expect(stolen.statusCode).toBe(400)
      expect(stolen.json().error.message).toMatch(/invalid/i)

      const own = await call('verify', { email, deviceId: VICTIM_DEVICE, otp: code })
      expect(own.statusCode).toBe(200)
      expect(own.json().token).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    })

    it('guessing on another device counts against the code like any wrong guess', async (context) => {
      if (skip) return context.skip(skip)
      const email = `bound-guess-${kind}@example.com`
      await call('start', { email, deviceId: VICTIM_DEVICE })
      const code = await t.codeFor(email)
      for (let i = 0; i < 5; i++)
        await call('verify', { email, deviceId: ATTACKER_DEVICE, otp: code })
      // Five uses on the wrong device voided the code for its own device too.
      const own = await call('verify', { email, deviceId: VICTIM_DEVICE, otp: code })
      expect(own.statusCode).toBe(400)
    })
  },
)
