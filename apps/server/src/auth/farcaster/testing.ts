import { expect } from 'vitest'
import { type AuthTestApp, frameCall } from '../testing.js'

/** The frame's two Farcaster calls, for the integration tests: open a channel, then poll it. */
export function farcasterFrame(t: AuthTestApp) {
  const channel = (deviceId: string) =>
    frameCall(t, 'POST', '/auth/v1/farcaster/channel', undefined, {
      projectId: t.projectId,
      deviceId,
    })
  return {
    /** The frame's channel request as it is answered, refusals included. */
    channel,
    async openChannel(deviceId: string) {
      const res = await channel(deviceId)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body as { url: string; flowToken: string }
    },
    poll: (flowToken: string, deviceId: string) =>
      frameCall(t, 'POST', '/auth/v1/farcaster/finish', undefined, {
        projectId: t.projectId,
        deviceId,
        flowToken,
      }),
  }
}
