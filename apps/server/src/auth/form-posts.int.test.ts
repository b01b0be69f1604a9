import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authCodes } from '../db/schema/auth.js'
import { APP_ORIGIN, type AuthTestApp, openAuthTestApp } from './testing.js'

// The attack: a page on any site holds a hidden <form method=post> aimed at the Latch server and
// submits it. Browsers send such posts cross-site without a preflight; they must do nothing.
let t: AuthTestApp
beforeAll(async () => {
  t = await openAuthTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('cross-site form posts to /auth/v1', () => {
  it('are refused before they start a sign-in, mail a code or touch the database', async () => {
    const email = 'victim@example.com'
    for (const [type, payload] of [
      [
        'application/x-www-form-urlencoded',
        `projectId=${t.projectId}&email=${email}&deviceId=${'d'.repeat(43)}`,
      ],
      [
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n--x--`,
      ],
    ] as const) {
      for (const url of [
        '/auth/v1/email/start',
        '/auth/v1/email/verify',
        '/auth/v1/email/device',
        '/auth/v1/sign-out',
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': type, origin: 'https://attacker.example' },
          payload,
        })
        expect(res.statusCode, `${type} ${url}`).toBe(415)
        expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
      }
    }
    expect(await t.app.db.select().from(authCodes)).toEqual([])
    // A JSON sign-in made afterwards is mailed; by then any mail the attack caused would be too.
    const start = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/email/start',
      headers: { 'latch-page-origin': APP_ORIGIN },
      payload: { projectId: t.projectId, email: 'owner@example.com', deviceId: 'e'.repeat(43) },
    })
    expect(start.statusCode).toBeLessThan(300)
    await t.codeFor('owner@example.com')
    expect(t.mailbox.messages().filter((m) => m.to.includes(email))).toEqual([])
  })

  it('the device approval link still takes its form (and refuses a bad token with its page)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/device/approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=not-a-real-token-not-a-real-token',
    })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('This link is no longer valid')
  })
})
