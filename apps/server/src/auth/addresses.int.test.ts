import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EIP155 } from '../chains/eip155/sign-in.js'
import { SOLANA } from '../chains/solana/sign-in.js'
import { authAddresses, authUsers } from '../db/schema/auth.js'
import { createSession } from './sessions.js'
import { APP_ORIGIN, type AuthTestApp, frameCall, openAuthTestAppOn } from './testing.js'
import { storeAddresses } from './users.js'

// A wallet's addresses live in auth_addresses by namespace (migration 0015). An attacker with a
// session tries to make the account answer addresses that are not its wallet's: another
// namespace's address in a field, a second wallet over the first, a second address of a
// namespace beside the first.
const wallet = {
  evmAddress: '0x3333333333333333333333333333333333333333',
  solanaAddress: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
  authShare: 'QUFBQUFBQUFBQUFBQUFBQUE=',
  recoveryShare: 'UlJSUlJSUlJSUlJSUlJSUlI=',
}
let n = 0

describe.each(['pglite', 'postgres'] as const)('wallet addresses on %s', (kind) => {
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

  /** A new account and a session of it, as an email sign-in leaves them. */
  async function account() {
    const [user] = await t.app.db
      .insert(authUsers)
      .values({ email: `addresses-${kind}-${++n}@example.com` })
      .returning()
    const { token } = await createSession(
      t.app.db,
      {
        userId: user!.id,
        deviceId: `addresses-device-${String(++n).padStart(20, '0')}`,
        projectId: t.projectId,
        pageOrigin: APP_ORIGIN,
      },
      new Date(),
    )
    return { userId: user!.id, token }
  }

  const storedOf = async (userId: string) =>
    (await t.app.db.select().from(authAddresses).where(eq(authAddresses.userId, userId)))
      .map((row) => `${row.namespace} ${row.address}`)
      .sort()

  it('database is available', () => {
    expect(skip).toBe('')
  })

  it('stores a wallet by namespace and answers the same fields as before', async () => {
    const { userId, token } = await account()
    const created = await frameCall(t, 'POST', '/auth/v1/wallet', token, wallet)
    expect(created).toEqual({
      status: 201,
      body: { evmAddress: wallet.evmAddress, solanaAddress: wallet.solanaAddress },
    })
    expect(await storedOf(userId)).toEqual([
      `${EIP155} ${wallet.evmAddress}`,
      `${SOLANA} ${wallet.solanaAddress}`,
    ])
    expect((await frameCall(t, 'GET', '/auth/v1/session', token)).body).toMatchObject({
      evmAddress: wallet.evmAddress,
      solanaAddress: wallet.solanaAddress,
    })
  })

  it("refuses another namespace's address in a field, and stores nothing", async () => {
    const { userId, token } = await account()
    const swapped = {
      ...wallet,
      evmAddress: wallet.solanaAddress,
      solanaAddress: wallet.evmAddress,
    }
    const refused = await frameCall(t, 'POST', '/auth/v1/wallet', token, swapped)
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe('VALIDATION_ERROR')
    for (const half of [{ evmAddress: wallet.solanaAddress }, { solanaAddress: wallet.evmAddress }])
      expect(
        (await frameCall(t, 'POST', '/auth/v1/wallet', token, { ...wallet, ...half })).status,
      ).toBe(400)
    expect(await storedOf(userId)).toEqual([])
  })

  it('refuses a second wallet over the first, keeping the first', async () => {
    const { userId, token } = await account()
    expect((await frameCall(t, 'POST', '/auth/v1/wallet', token, wallet)).status).toBe(201)
    const other = {
      ...wallet,
      evmAddress: '0x4444444444444444444444444444444444444444',
      solanaAddress: 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW',
    }
    const again = await frameCall(t, 'POST', '/auth/v1/wallet', token, other)
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'WALLET_EXISTS' } } })
    expect(await storedOf(userId)).toEqual([
      `${EIP155} ${wallet.evmAddress}`,
      `${SOLANA} ${wallet.solanaAddress}`,
    ])
  })

  it('counts an account with an address of one namespace only as having a wallet', async () => {
    // As a release before 0015 could leave one: the column of one chain family set.
    const { userId, token } = await account()
    await storeAddresses(t.app.db, userId, { [SOLANA]: wallet.solanaAddress })
    const over = await frameCall(t, 'POST', '/auth/v1/wallet', token, wallet)
    expect(over.status).toBe(409)
    expect(await storedOf(userId)).toEqual([`${SOLANA} ${wallet.solanaAddress}`])
    expect((await frameCall(t, 'GET', '/auth/v1/session', token)).body).toMatchObject({
      evmAddress: null,
      solanaAddress: wallet.solanaAddress,
    })
  })

  it('keeps one address per account and namespace in the database itself', async () => {
    const { userId } = await account()
    await storeAddresses(t.app.db, userId, { [EIP155]: wallet.evmAddress })
    await expect(
      storeAddresses(t.app.db, userId, { [EIP155]: '0x5555555555555555555555555555555555555555' }),
    ).rejects.toThrow()
    expect(await storedOf(userId)).toEqual([`${EIP155} ${wallet.evmAddress}`])
  })
})
