import { and, eq, getTableColumns, isNotNull, type SQL, sql } from 'drizzle-orm'
import { EIP155 } from '../chains/eip155/sign-in.js'
import { SOLANA } from '../chains/solana/sign-in.js'
import { type AuthUser, authAddresses, authDevices, authUsers } from '../db/schema/auth.js'
import type { Db } from '../db/types.js'
import { newToken, sha256 } from './secrets.js'

/** A wallet's addresses by namespace. */
export type Addresses = Readonly<Record<string, string>>

/**
 * The frame's wire names of a wallet's addresses (auth/schemas.ts), by namespace: the HTTP
 * answers keep the fields they had before addresses were stored by namespace.
 */
// biome-ignore format: the registration line of wallet address namespaces stays one line
export const WALLET_ADDRESS_FIELDS = { evmAddress: EIP155, solanaAddress: SOLANA } as const

type WalletAddressField = keyof typeof WALLET_ADDRESS_FIELDS
/** The addresses in the frame's wire fields; null where the wallet has none of that namespace. */
export type WireAddresses = Record<WalletAddressField, string | null>

const fields = Object.entries(WALLET_ADDRESS_FIELDS) as [WalletAddressField, string][]

export function wireAddresses(addresses: Addresses = {}): WireAddresses {
  return Object.fromEntries(
    fields.map(([field, namespace]) => [field, addresses[namespace] ?? null]),
  ) as WireAddresses
}

export function addressesFromWire(wire: Record<WalletAddressField, string>): Addresses {
  return Object.fromEntries(fields.map(([field, namespace]) => [namespace, wire[field]]))
}

/** Whether the account has stored its wallet: its addresses come with it, all at once. */
export const hasWallet = (user: AuthUser | undefined): user is AuthUser =>
  Object.keys(user?.addresses ?? {}).length > 0

// The user's addresses as one JSON object in the same query: no second round trip per lookup.
const withAddresses = {
  ...getTableColumns(authUsers),
  addresses: sql<Addresses>`coalesce((select jsonb_object_agg(${authAddresses.namespace}, ${authAddresses.address}) from ${authAddresses} where ${authAddresses.userId} = ${authUsers.id}), '{}'::jsonb)`,
}

async function findUserWhere(db: Db, where: SQL): Promise<AuthUser | undefined> {
  const [user] = await db.select(withAddresses).from(authUsers).where(where).limit(1)
  return user
}

export async function findUserByEmail(db: Db, email: string): Promise<AuthUser | undefined> {
  return findUserWhere(db, eq(authUsers.email, email))
}

export async function findUser(db: Db, id: string): Promise<AuthUser | undefined> {
  return findUserWhere(db, eq(authUsers.id, id))
}

/** Stores the wallet's addresses; the primary key keeps one per user and namespace. */
export async function storeAddresses(db: Db, userId: string, addresses: Addresses) {
  const rows = Object.entries(addresses).map(([namespace, address]) => ({
    userId,
    namespace,
    address,
  }))
  if (rows.length > 0) await db.insert(authAddresses).values(rows)
}

/** The user for this email, created on first sign-in (two racing sign-ins share one row). */
export async function ensureUser(db: Db, email: string): Promise<AuthUser> {
  await db.insert(authUsers).values({ email }).onConflictDoNothing({ target: authUsers.email })
  return (await findUserByEmail(db, email))!
}

export async function isDeviceApproved(db: Db, userId: string, deviceId: string) {
  const [row] = await db
    .select({ approvedAt: authDevices.approvedAt })
    .from(authDevices)
    .where(
      and(
        eq(authDevices.userId, userId),
        eq(authDevices.deviceHash, sha256(deviceId)),
        isNotNull(authDevices.approvedAt),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** Marks the device approved: the sign-in code itself proved the email on a first sign-in. */
export async function approveDevice(db: Db, userId: string, deviceId: string, now: Date) {
  await db
    .insert(authDevices)
    .values({ userId, deviceHash: sha256(deviceId), approvedAt: now })
    .onConflictDoUpdate({
      target: [authDevices.userId, authDevices.deviceHash],
      set: { approvedAt: now, approvalTokenHash: null },
    })
}

/** Where a device approval was asked from: the verified page origin and the device's browser. */
export interface ApprovalAsker {
  origin: string
  agent: string
}

/** A fresh approval token for a new device; only its hash is stored, beside who asked. */
export async function requestDeviceApproval(
  db: Db,
  userId: string,
  deviceId: string,
  asker: ApprovalAsker,
  now: Date,
) {
  const token = newToken()
  const pending = {
    approvalTokenHash: sha256(token),
    approvalSentAt: now,
    approvalOrigin: asker.origin,
    approvalAgent: asker.agent,
  }
  await db
    .insert(authDevices)
    .values({ userId, deviceHash: sha256(deviceId), ...pending })
    .onConflictDoUpdate({ target: [authDevices.userId, authDevices.deviceHash], set: pending })
  return token
}

/** A live approval link's device row, or undefined when the token is unknown or stale. */
export async function findPendingApproval(db: Db, token: string, now: Date, maxAgeMs: number) {
  const [row] = await db
    .select()
    .from(authDevices)
    .where(eq(authDevices.approvalTokenHash, sha256(token)))
    .limit(1)
  if (!row?.approvalSentAt || now.getTime() - row.approvalSentAt.getTime() > maxAgeMs)
    return undefined
  return row
}

/**
 * Approves the device of a mailed link; resolves with its user and the origin that asked, or
 * false for a dead link.
 */
export async function approveDeviceByToken(
  db: Db,
  token: string,
  now: Date,
  maxAgeMs: number,
): Promise<{ userId: string; origin: string | null; deviceHash: string } | false> {
  const row = await findPendingApproval(db, token, now, maxAgeMs)
  if (!row) return false
  const [approved] = await db
    .update(authDevices)
    .set({ approvedAt: now, approvalTokenHash: null })
    .where(
      and(
        eq(authDevices.userId, row.userId),
        eq(authDevices.deviceHash, row.deviceHash),
        eq(authDevices.approvalTokenHash, sha256(token)),
      ),
    )
    .returning({ userId: authDevices.userId })
  return approved
    ? { userId: approved.userId, origin: row.approvalOrigin, deviceHash: row.deviceHash }
    : false
}

/**
 * Whether this device is approved for the account of this address, in one query whether or not
 * the address has an account: the poll answers alike, and in alike time, for both.
 */
export async function isDeviceApprovedForEmail(db: Db, email: string, deviceId: string) {
  const [row] = await db
    .select({ approvedAt: authDevices.approvedAt })
    .from(authUsers)
    .innerJoin(authDevices, eq(authDevices.userId, authUsers.id))
    .where(
      and(
        eq(authUsers.email, email),
        eq(authDevices.deviceHash, sha256(deviceId)),
        isNotNull(authDevices.approvedAt),
      ),
    )
    .limit(1)
  return row !== undefined
}

export async function setEmail(db: Db, userId: string, email: string) {
  await db.update(authUsers).set({ email }).where(eq(authUsers.id, userId))
}
