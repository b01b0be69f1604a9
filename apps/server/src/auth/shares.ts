import { eq } from 'drizzle-orm'
import { authAddresses, authRecoveryShares, authShares, authUsers } from '../db/schema/auth.js'
import type { Db } from '../db/types.js'
import { HttpError } from '../http/errors.js'
import { type CustodyKeys, open, seal } from './secrets.js'
import { type Addresses, storeAddresses } from './users.js'

export class WalletExistsError extends HttpError {
  override name = 'WalletExistsError'
  constructor() {
    super(409, 'WALLET_EXISTS', 'This account already has a wallet')
  }
}

export class NoWalletError extends HttpError {
  override name = 'NoWalletError'
  constructor() {
    super(404, 'NO_WALLET', 'This account has no wallet yet')
  }
}

// Associated data binds each ciphertext to its user and its kind.
const authContext = (userId: string) => `auth-share:${userId}`
const recoveryContext = (userId: string) => `recovery-share:${userId}`

export interface NewWallet {
  /** By namespace. */
  addresses: Addresses
  authShare: string
  recoveryShare: string
}

/** Stores the public addresses and the two server-side shares, each under its own key. */
export async function storeWallet(db: Db, keys: CustodyKeys, userId: string, wallet: NewWallet) {
  await db.transaction(async (tx) => {
    // The user's row locked: two racing stores of one account run one after the other.
    const [user] = await tx.select().from(authUsers).where(eq(authUsers.id, userId)).for('update')
    const [stored] = await tx
      .select({ namespace: authAddresses.namespace })
      .from(authAddresses)
      .where(eq(authAddresses.userId, userId))
      .limit(1)
    if (!user || stored) throw new WalletExistsError()
    await storeAddresses(tx as unknown as Db, userId, wallet.addresses)
    await tx.insert(authShares).values({
      userId,
      ciphertext: seal(keys.authShareKey, wallet.authShare, authContext(userId)),
    })
    await tx.insert(authRecoveryShares).values({
      userId,
      ciphertext: seal(keys.recoveryKey, wallet.recoveryShare, recoveryContext(userId)),
    })
  })
}

export async function readAuthShare(db: Db, keys: CustodyKeys, userId: string): Promise<string> {
  const [row] = await db.select().from(authShares).where(eq(authShares.userId, userId)).limit(1)
  if (!row) throw new NoWalletError()
  return open(keys.authShareKey, row.ciphertext, authContext(userId))
}

export async function readRecoveryShare(db: Db, keys: CustodyKeys, userId: string) {
  const [row] = await db
    .select()
    .from(authRecoveryShares)
    .where(eq(authRecoveryShares.userId, userId))
    .limit(1)
  if (!row) throw new NoWalletError()
  return open(keys.recoveryKey, row.ciphertext, recoveryContext(userId))
}
