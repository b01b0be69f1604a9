import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { installHttpMetrics } from './http-metrics.js'
import { createMetrics } from './metrics.js'

// The sign-in routes' answers as the real ones send them, on a bare Fastify: Farcaster's finish
// answers 200 both with the account to confirm and with the session, and only the second counts.
async function appWith(answers: unknown[]) {
  const app = Fastify({ logger: false })
  const metrics = createMetrics()
  installHttpMetrics(app, metrics)
  let next = 0
  const answer = async () => answers[next++]
  app.post('/auth/v1/farcaster/finish', answer)
  app.post('/auth/v1/social/finish', answer)
  app.post('/auth/v1/email/start', answer)
  await app.ready()
  const count = async (method: string) =>
    (await metrics.signIns.get()).values.find((v) => v.labels.method === method)?.value ?? 0
  return { app, count }
}

const session = { token: 't', expiresAt: '2026-11-27T00:00:00Z', user: { id: 'u' } }

describe('sign-ins by method', () => {
  it('counts a Farcaster session, not the answer shown before it', async () => {
    const { app, count } = await appWith([{ state: 'answered', fid: 1 }, session])
    await app.inject({ method: 'POST', url: '/auth/v1/farcaster/finish', payload: {} })
    expect(await count('farcaster')).toBe(0)
    await app.inject({ method: 'POST', url: '/auth/v1/farcaster/finish', payload: {} })
    expect(await count('farcaster')).toBe(1)
  })

  it('counts a social session; other auth routes and error answers count nothing', async () => {
    const { app, count } = await appWith([session, { action: 'VERIFY_OTP' }])
    await app.inject({ method: 'POST', url: '/auth/v1/social/finish', payload: {} })
    await app.inject({ method: 'POST', url: '/auth/v1/email/start', payload: {} })
    // A refused finish (no handler answer: Fastify's 400 for a bad body) is no sign-in.
    await app.inject({
      method: 'POST',
      url: '/auth/v1/social/finish',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    })
    expect(await count('social')).toBe(1)
    expect(await count('email')).toBe(0)
  })
})
