import type { Db } from '../db/types.js'
import { takeDelivery } from './store.js'
import { OnrampError } from './types.js'

/**
 * How far a delivery's own timestamp may be from our clock. Older deliveries are refused, so
 * remembering the signatures of this window is enough to refuse every replay.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300

export const refuse = (status: number, code: string, message: string) =>
  new OnrampError(status, code, message)

/**
 * A verified delivery's last checks, the same for every provider: its own timestamp near our
 * clock, then never taken before (its signature remembered for twice the window).
 */
export async function admitDelivery(
  db: Db,
  provider: string,
  signature: string,
  signedAt: number,
  now: Date,
): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000)
  if (Math.abs(nowSeconds - signedAt) > WEBHOOK_TOLERANCE_SECONDS)
    throw refuse(400, 'ONRAMP_STALE_WEBHOOK', 'The webhook timestamp is too far from now')
  const fresh = await takeDelivery(
    db,
    provider,
    signature,
    signedAt,
    nowSeconds - 2 * WEBHOOK_TOLERANCE_SECONDS,
  )
  if (!fresh)
    throw refuse(409, 'ONRAMP_WEBHOOK_REPLAYED', 'This webhook delivery was already received')
}
