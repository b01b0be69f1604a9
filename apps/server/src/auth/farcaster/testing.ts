import { expect } from 'vitest'
import { type AuthTestApp, frameCall } from '../testing.js'

/** What finish answers once the channel holds a verified answer, before the visitor confirms. */
export interface FarcasterAnswered {
  state: 'answered'
  fid: number
  custodyAddress: string
  username?: string
  usernameVerified: boolean
}

/** The frame's Farcaster calls, for the integration tests: open, poll, confirm, cancel. */
export function farcasterFrame(t: AuthTestApp) {
  const channel = (deviceId: string) =>
    frameCall(t, 'POST', '/auth/v1/farcaster/channel', undefined, {
      projectId: t.projectId,
      deviceId,
    })
  const finish = (flowToken: string, deviceId: string, confirm?: boolean) =>
    frameCall(t, 'POST', '/auth/v1/farcaster/finish', undefined, {
      projectId: t.projectId,
      deviceId,
      flowToken,
      ...(confirm === undefined ? {} : { confirm }),
    })
  return {
    /** The frame's channel request as it is answered, refusals included. */
    channel,
    async openChannel(deviceId: string) {
      const res = await channel(deviceId)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body as { url: string; flowToken: string }
    },
    /** A poll without confirmation: 202 pending, 200 answered, or a refusal. */
    poll: (flowToken: string, deviceId: string) => finish(flowToken, deviceId),
    /** The visitor's "yes, that is my account". */
    confirm: (flowToken: string, deviceId: string) => finish(flowToken, deviceId, true),
    /** The visitor's "that is not me". */
    cancel: (flowToken: string, deviceId: string) =>
      frameCall(t, 'POST', '/auth/v1/farcaster/cancel', undefined, {
        projectId: t.projectId,
        deviceId,
        flowToken,
      }),
    /** What the frame does once the channel is answered: show the account, then confirm it. */
    async signIn(flowToken: string, deviceId: string) {
      const seen = await finish(flowToken, deviceId)
      expect(seen.status, JSON.stringify(seen.body)).toBe(200)
      expect(seen.body).toMatchObject({ state: 'answered', usernameVerified: false })
      return {
        answered: seen.body as FarcasterAnswered,
        session: await finish(flowToken, deviceId, true),
      }
    },
  }
}
