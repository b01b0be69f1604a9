import { base64 } from '@scure/base'
import { combine, split } from 'shamir-secret-sharing'

export interface WalletShares {
  device: string
  auth: string
  recovery: string
}

/** 2-of-3 with the audited `shamir-secret-sharing`: any two shares rebuild the entropy. */
export async function splitSecret(secret: Uint8Array): Promise<WalletShares> {
  const [device, auth, recovery] = await split(secret, 3, 2)
  return {
    device: base64.encode(device!),
    auth: base64.encode(auth!),
    recovery: base64.encode(recovery!),
  }
}

export async function combineShares(a: string, b: string): Promise<Uint8Array> {
  return combine([base64.decode(a), base64.decode(b)])
}
