import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPostgres } from '../../testing/postgres.js'
import { sha256 } from '../secrets.js'
import { type AuthTestApp, openAuthTestAppOn } from '../testing.js'
import {
  cancelFlow,
  claimFlow,
  findFlowByToken,
  insertFlow,
  markShown,
  settleFlow,
  spendFlow,
} from './store.js'

// The flow store's rules in SQL, on both databases: a flow is claimed and found only by its own
// kind of route, a cancelled flow takes no late answer, and a Farcaster answer is spent only
// after it was shown to the frame.
const probe = await createTestPostgres()
const kinds: ('pglite' | 'postgres')[] = ['pglite']
if ('unavailable' in probe) console.warn(`Skipping the Postgres suite: ${probe.unavailable}`)
else {
  await probe.drop()
  kinds.push('postgres')
}

const identity = { subject: '7', username: null, email: null, emailVerified: false }

describe.each(kinds)('social flow store on %s', (kind) => {
  let t: AuthTestApp
  let n = 0
  beforeAll(async () => {
    const opened = await openAuthTestAppOn(kind)
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    t = opened
  })
  afterAll(() => t.close())

  async function flow(provider: string) {
    const state = `state-${kind}-${++n}`
    const token = `token-${kind}-${n}`
    await insertFlow(t.app.db, {
      stateHash: sha256(state),
      flowTokenHash: sha256(token),
      provider,
      projectId: t.projectId,
      pageOrigin: 'http://localhost:5173',
      deviceHash: sha256('device'),
      codeVerifier: '',
      nonce: 'nonce',
      expiresAt: new Date(Date.now() + 60_000),
    })
    return { stateHash: sha256(state), tokenHash: sha256(token) }
  }

  it('an OAuth route never claims or finds a Farcaster flow, nor the reverse', async () => {
    const now = new Date()
    const farcaster = await flow('farcaster')
    const google = await flow('google')
    expect(await claimFlow(t.app.db, 'oauth', farcaster.stateHash, now)).toBeUndefined()
    expect(await findFlowByToken(t.app.db, 'oauth', farcaster.tokenHash, now)).toBeUndefined()
    expect(await claimFlow(t.app.db, 'farcaster', google.stateHash, now)).toBeUndefined()
    expect(await findFlowByToken(t.app.db, 'farcaster', google.tokenHash, now)).toBeUndefined()
    // Untouched by the wrong route, each is still claimed by its own.
    expect((await claimFlow(t.app.db, 'farcaster', farcaster.stateHash, now))?.status).toBe(
      'exchanging',
    )
    expect((await claimFlow(t.app.db, 'oauth', google.stateHash, now))?.provider).toBe('google')
  })

  it('a flow cancelled while its answer is checked takes no late answer', async () => {
    const f = await flow('farcaster')
    await claimFlow(t.app.db, 'farcaster', f.stateHash, new Date())
    expect(await cancelFlow(t.app.db, f.stateHash)).toBe(true)
    expect(await settleFlow(t.app.db, f.stateHash, { status: 'done', identity })).toBe(false)
    expect(await spendFlow(t.app.db, f.stateHash, 'shown')).toBe(false)
    expect(await cancelFlow(t.app.db, f.stateHash)).toBe(false)
  })

  it('a Farcaster answer is spent only once shown, and only once', async () => {
    const f = await flow('farcaster')
    await claimFlow(t.app.db, 'farcaster', f.stateHash, new Date())
    expect(await settleFlow(t.app.db, f.stateHash, { status: 'done', identity })).toBe(true)
    expect(await spendFlow(t.app.db, f.stateHash, 'shown')).toBe(false)
    await markShown(t.app.db, f.stateHash)
    const spent = await Promise.all([
      spendFlow(t.app.db, f.stateHash, 'shown'),
      spendFlow(t.app.db, f.stateHash, 'shown'),
    ])
    expect(spent.sort()).toEqual([false, true])
    expect(await cancelFlow(t.app.db, f.stateHash)).toBe(false)
  })
})
