import { and, eq, gt, inArray } from 'drizzle-orm'
import { type AuthUser, authIdentities, authSocialFlows, authUsers } from '../../db/schema/auth.js'
import type { Db } from '../../db/types.js'
import { createSession, sessionAnswer } from '../sessions.js'
import { approveDevice, findUser, findUserByEmail } from '../users.js'
import { OAUTH_PROVIDERS, type OAuthProvider } from './config.js'
import type { SocialIdentity } from './providers.js'

/** A flow lives 10 minutes: time to sign in at the provider, not to come back a day later. */
export const FLOW_TTL_MS = 10 * 60_000

export type SocialFlow = typeof authSocialFlows.$inferSelect

export async function insertFlow(db: Db, flow: typeof authSocialFlows.$inferInsert) {
  await db.insert(authSocialFlows).values(flow)
}

/** Which route a flow belongs to: the OAuth callback's, or the Farcaster channel's. */
export type FlowKind = 'oauth' | 'farcaster'

/** The SQL condition "this flow is of that kind": no route ever touches another's flow. */
export const ofKind = (kind: FlowKind) =>
  kind === 'farcaster'
    ? eq(authSocialFlows.provider, 'farcaster')
    : inArray(authSocialFlows.provider, [...OAUTH_PROVIDERS])

/**
 * Claims a pending flow of its own kind for its callback: only one callback ever gets it, so a
 * replayed provider answer (the same state again) finds nothing, and a Farcaster channel token
 * presented as OAuth `state` (or the reverse) finds nothing either (issue 29).
 */
export async function claimFlow(
  db: Db,
  kind: FlowKind,
  stateHash: string,
  now: Date,
): Promise<SocialFlow | undefined> {
  const [flow] = await db
    .update(authSocialFlows)
    .set({ status: 'exchanging' })
    .where(
      and(
        eq(authSocialFlows.stateHash, stateHash),
        ofKind(kind),
        eq(authSocialFlows.status, 'pending'),
        gt(authSocialFlows.expiresAt, now),
      ),
    )
    .returning()
  return flow
}

/**
 * Hands a claimed flow back, still pending: a Farcaster channel whose offered signature was
 * refused keeps waiting for the right one (a wrong one must not end the visitor's sign-in).
 */
export async function releaseFlow(db: Db, stateHash: string) {
  await db
    .update(authSocialFlows)
    .set({ status: 'pending' })
    .where(and(eq(authSocialFlows.stateHash, stateHash), eq(authSocialFlows.status, 'exchanging')))
}

/**
 * Ends a claimed flow with what its callback learnt; false when the flow is no longer the
 * claimed one (the frame cancelled it meanwhile), so a late answer never revives it.
 */
export async function settleFlow(
  db: Db,
  stateHash: string,
  outcome:
    | { status: 'done'; identity: SocialIdentity; resultCodeHash?: string }
    | { status: 'failed'; error: string },
): Promise<boolean> {
  const settled = await db
    .update(authSocialFlows)
    .set(
      outcome.status === 'done'
        ? {
            status: 'done',
            identity: outcome.identity,
            resultCodeHash: outcome.resultCodeHash ?? null,
          }
        : { status: 'failed', error: outcome.error },
    )
    .where(and(eq(authSocialFlows.stateHash, stateHash), eq(authSocialFlows.status, 'exchanging')))
    .returning({ stateHash: authSocialFlows.stateHash })
  return settled.length === 1
}

/**
 * The frame refused a flow (the visitor did not recognise the Farcaster account that answered):
 * it is spent, whatever it waited for. False when it was spent already.
 */
export async function cancelFlow(db: Db, stateHash: string): Promise<boolean> {
  const cancelled = await db
    .update(authSocialFlows)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(authSocialFlows.stateHash, stateHash),
        inArray(authSocialFlows.status, ['pending', 'exchanging', 'done', 'shown', 'failed']),
      ),
    )
    .returning({ stateHash: authSocialFlows.stateHash })
  return cancelled.length === 1
}

/** The frame's flow of that kind, when it is still live; used once by finish. */
export async function findFlowByToken(
  db: Db,
  kind: FlowKind,
  flowTokenHash: string,
  now: Date,
): Promise<SocialFlow | undefined> {
  const [flow] = await db
    .select()
    .from(authSocialFlows)
    .where(
      and(
        eq(authSocialFlows.flowTokenHash, flowTokenHash),
        ofKind(kind),
        gt(authSocialFlows.expiresAt, now),
      ),
    )
    .limit(1)
  return flow
}

/** Marks a Farcaster answer as handed to the frame, which may confirm it from now on. */
export async function markShown(db: Db, stateHash: string) {
  await db
    .update(authSocialFlows)
    .set({ status: 'shown' })
    .where(and(eq(authSocialFlows.stateHash, stateHash), eq(authSocialFlows.status, 'done')))
}

/**
 * Spends a completed flow; false when another finish got there first. A Farcaster flow is spent
 * only from `shown`: after its answer was handed to the frame for the visitor to confirm.
 */
export async function spendFlow(
  db: Db,
  stateHash: string,
  from: 'done' | 'shown' = 'done',
): Promise<boolean> {
  const spent = await db
    .update(authSocialFlows)
    .set({ status: 'used' })
    .where(and(eq(authSocialFlows.stateHash, stateHash), eq(authSocialFlows.status, from)))
    .returning({ stateHash: authSocialFlows.stateHash })
  return spent.length === 1
}

/**
 * The user a social identity signs in as (docs/social.md#accounts): the one it signed in as
 * before; else, when the provider verified the email, the account of that email; else a new
 * account — with the email only when verified, so nobody claims an address by typing it at a
 * provider that does not check.
 */
export async function userForIdentity(
  db: Db,
  provider: OAuthProvider | 'farcaster',
  identity: SocialIdentity,
  now: Date,
): Promise<AuthUser> {
  const known = async () => {
    const [row] = await db
      .select({ userId: authIdentities.userId })
      .from(authIdentities)
      .where(
        and(eq(authIdentities.provider, provider), eq(authIdentities.subject, identity.subject)),
      )
      .limit(1)
    return row ? findUser(db, row.userId) : undefined
  }
  const existing = await known()
  if (existing) {
    await db
      .update(authIdentities)
      .set({ username: identity.username, lastSignInAt: now })
      .where(
        and(eq(authIdentities.provider, provider), eq(authIdentities.subject, identity.subject)),
      )
    return existing
  }
  const email = identity.emailVerified && identity.email ? identity.email.toLowerCase() : null
  let user = email ? await findUserByEmail(db, email) : undefined
  if (!user) {
    // Two racing first sign-ins of one address share one row, as email sign-ins do.
    const [created] = await db
      .insert(authUsers)
      .values({ email })
      .onConflictDoNothing({ target: authUsers.email })
      .returning()
    user = created ?? (email ? await findUserByEmail(db, email) : undefined)
  }
  if (!user) throw new Error('The account could not be created')
  await db
    .insert(authIdentities)
    .values({
      provider,
      subject: identity.subject,
      userId: user.id,
      username: identity.username,
      lastSignInAt: now,
    })
    .onConflictDoNothing()
  // A racing first sign-in of the same identity may have linked it to another row: use that.
  return (await known()) ?? user
}

export async function identityUsername(db: Db, provider: string, subject: string) {
  const [row] = await db
    .select({ username: authIdentities.username })
    .from(authIdentities)
    .where(and(eq(authIdentities.provider, provider), eq(authIdentities.subject, subject)))
    .limit(1)
  return row?.username ?? null
}

/**
 * The end of a spent flow, social or Farcaster: the identity's account (docs/social.md#accounts),
 * this device approved for it, and a session bound to the flow's project and page.
 */
export async function signInAsIdentity(
  db: Db,
  flow: Pick<SocialFlow, 'projectId' | 'pageOrigin'>,
  provider: OAuthProvider | 'farcaster',
  identity: SocialIdentity,
  deviceId: string,
  now: Date,
) {
  const user = await userForIdentity(db, provider, identity, now)
  await approveDevice(db, user.id, deviceId, now)
  const session = await createSession(
    db,
    {
      userId: user.id,
      deviceId,
      projectId: flow.projectId,
      pageOrigin: flow.pageOrigin,
      social: { provider, subject: identity.subject },
    },
    now,
  )
  return sessionAnswer(session, user, { provider, username: identity.username })
}
