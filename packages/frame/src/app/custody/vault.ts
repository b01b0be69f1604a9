import type { AuthApi, ServerUser } from '../api.js'
import { anchorSigner } from '../signers/registry.js'
import { deleteDeviceShare, loadDeviceShare, saveDeviceShare } from './device-store.js'
import {
  checkWallet,
  type DerivedWallet,
  deriveWallet,
  newEntropy,
  serverAddresses,
} from './keys.js'
import { combineShares, splitSecret } from './shares.js'

/**
 * Unlocks the signed-in user's wallet inside the frame, creating it on first sign-in. The
 * entropy exists only here, only in memory, only while signed in.
 */
export interface UnlockHooks {
  /**
   * Asked before the recovery share is fetched for a device that holds no share of this wallet
   * (docs/custody.md#new-devices); false stops the unlock with NewDeviceRefusedError.
   */
  approveNewDevice?(): Promise<boolean>
  /** The server swapped the session's token during recovery: store the new one. */
  onSessionRotated?(token: string, expiresAt: string | undefined): void
}

export class NewDeviceRefusedError extends Error {
  override name = 'NewDeviceRefusedError'
  constructor() {
    super('The wallet was not unlocked on this device')
  }
}

export async function unlockWallet(
  api: AuthApi,
  token: string,
  user: ServerUser,
  hooks: UnlockHooks = {},
): Promise<DerivedWallet> {
  const anchor = user[anchorSigner.serverField]
  if (!anchor) return createWallet(api, token)
  // Keyed by address, not email: an email change must not orphan the device share.
  const userKey = deviceKey(anchor)
  const { authShare, ...expected } = await api.authShare(token)
  const deviceShare = await loadDeviceShare(userKey)
  if (deviceShare) {
    try {
      return checkWallet(deriveWallet(await combineShares(deviceShare, authShare)), expected)
    } catch {
      // A stale or corrupted device share — one that combines to another key, or that does not
      // combine at all (a wrong length, the auth share's own x coordinate): fall through to
      // recovery, which replaces it. The address check keeps a wrong key from ever being used.
    }
  }
  // A new device (or a lost share): the server releases the recovery share to this session.
  if (hooks.approveNewDevice && !(await hooks.approveNewDevice())) throw new NewDeviceRefusedError()
  const recovered = await api.recover(token)
  if (recovered.token) hooks.onSessionRotated?.(recovered.token, recovered.expiresAt)
  const wallet = checkWallet(
    deriveWallet(await combineShares(recovered.authShare, recovered.recoveryShare)),
    expected,
  )
  // Any one share is as good as another for this device: keep the recovery share's value.
  await saveDeviceShare(userKey, recovered.recoveryShare)
  return wallet
}

/**
 * The device share's name in this origin's storage: the anchor namespace's address in lower
 * case, as every device stored it before there were more namespaces.
 */
const deviceKey = (anchorAddress: string) => anchorAddress.toLowerCase()

async function createWallet(api: AuthApi, token: string) {
  const entropy = newEntropy()
  const wallet = deriveWallet(entropy)
  const userKey = deviceKey(wallet.addresses[anchorSigner.namespace]!)
  const shares = await splitSecret(entropy)
  entropy.fill(0)
  await saveDeviceShare(userKey, shares.device)
  try {
    await api.createWallet(token, {
      ...serverAddresses(wallet),
      authShare: shares.auth,
      recoveryShare: shares.recovery,
    })
  } catch (error) {
    await deleteDeviceShare(userKey)
    throw error
  }
  return wallet
}
