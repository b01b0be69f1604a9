import type { Db } from '../../db/types.js'
import { assertMaySend, assertNotLocked, issueCode } from '../codes.js'
import type { AuthContext } from '../context.js'
import { utcMinute } from '../device-facts.js'
import { reserveMail } from '../mail-limits.js'
import { sha256 } from '../secrets.js'
import { findUserByEmail, hasWallet, isDeviceApproved, requestDeviceApproval } from '../users.js'

export interface SignInMailInput {
  email: string
  projectId: string
  deviceId: string
  /** The page origin, already checked against the project's allow-list. */
  pageOrigin: string
  /** The asking device, as device-facts.ts describes it. */
  agent: string
  now: Date
}

/**
 * The one mail of `email/start` (docs/custody.md#sign-in-codes). Every address takes the same
 * steps up to the choice of mail: the lock, the 30 s throttle, the caps, a stored code. A wallet
 * on a device it never approved then gets an approval link naming the site, the device and the
 * time instead of the code; that code is never sent (the link's use sends a fresh one), but
 * storing it keeps the answers to start and to wrong guesses the same for every address.
 */
export async function sendSignInMail(db: Db, ctx: AuthContext, input: SignInMailInput) {
  const { email, now } = input
  // Refusals first, in the order issueCode would meet them, so a refused start counts nothing.
  await assertNotLocked(db, email, now)
  await assertMaySend(db, email, now, ctx.mailIntervalMs)
  await reserveMail(db, { email, projectId: input.projectId, pageOrigin: input.pageOrigin }, now)
  const user = await findUserByEmail(db, email)
  const approved = !hasWallet(user) || (await isDeviceApproved(db, user.id, input.deviceId))
  const code = await issueCode(
    db,
    ctx.codeKey,
    { email, purpose: 'login', deviceHash: sha256(input.deviceId) },
    now,
    { throttleMs: ctx.mailIntervalMs },
  )
  if (approved || !user) {
    await ctx.mailer.sendLoginCode(email, code, input.pageOrigin)
    return
  }
  const asker = { origin: input.pageOrigin, agent: input.agent }
  const token = await requestDeviceApproval(db, user.id, input.deviceId, asker, now)
  await ctx.mailer.sendDeviceApproval(email, {
    link: `${ctx.publicUrl}/auth/v1/device/approve#${token}`,
    site: input.pageOrigin,
    device: input.agent,
    time: utcMinute(now),
  })
}
