import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { issueCode } from '../codes.js'
import type { AuthRouteOptions } from '../context.js'
import { UNKNOWN_DEVICE, utcMinute } from '../device-facts.js'
import { authPageHeaders } from '../pages.js'
import { approveDeviceByToken, findPendingApproval, findUser } from '../users.js'

/** An approval link is good for as long as a code. */
export const APPROVAL_TTL_MS = 10 * 60_000

const pageHeaders = authPageHeaders("'self'")

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Approve device · Latch</title>
<meta name="viewport" content="width=device-width"><link rel="stylesheet" href="/auth/v1/device/approve.css">
<script src="/auth/v1/device/approve.js" defer></script></head><body><main>${body}</main></body></html>`

// The token rides in the URL fragment, which browsers never send, so it cannot land in a
// request log; this script moves it into the form body and asks for the review page, which
// names the site and the device before anything can be approved.
const script = `document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('review');var t=location.hash.slice(1);if(f&&t){f.elements.token.value=t;f.hidden=false;history.replaceState(null,'',location.pathname);f.submit()}})`
const style =
  'body{font:16px system-ui;margin:3rem auto;max-width:28rem;padding:0 1rem}button{font:inherit;padding:.5rem 1rem}dt{font-weight:600}dd{margin:0 0 .75rem}'

const LANDING =
  '<h1>Approve this sign-in?</h1><p>A device asked to sign in to your Latch wallet.</p><form id="review" method="post" hidden><input type="hidden" name="token"><input type="hidden" name="step" value="review"><button type="submit">Show the request</button></form>'
const DEAD = '<h1>This link is no longer valid</h1><p>Start the sign-in again from the app.</p>'

/** The facts the mail named, shown again beside the one button that approves. */
function review(token: string, facts: { site: string; device: string; time: string }) {
  return `<h1>Approve this device?</h1><p>Approve only if you just asked for this, on this site, on this device. Approving lets that device use your wallet.</p><dl><dt>Site</dt><dd>${escapeHtml(facts.site)}</dd><dt>Device</dt><dd>${escapeHtml(facts.device)}</dd><dt>Time</dt><dd>${escapeHtml(facts.time)}</dd></dl><form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Approve device</button></form><p>If it was not you, close this page: nothing happens without your approval.</p>`
}

const wellFormed = (token: unknown): token is string =>
  typeof token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(token)

/**
 * The device approval link of the verify-device step. GET only shows a page and the review step
 * only shows the request: mail scanners that prefetch links, or even run their scripts, must not
 * approve anything. Only the Approve button's post does.
 */
const deviceRoutesPlugin: FastifyPluginAsync<AuthRouteOptions> = async (app, { ctx }) => {
  app.get('/auth/v1/device/approve', { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(pageHeaders).send(page(LANDING)),
  )
  app.get('/auth/v1/device/approve.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript').header('cache-control', 'no-store').send(script),
  )
  app.get('/auth/v1/device/approve.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css').send(style),
  )
  app.post(
    DEVICE_APPROVAL_PATH,
    { config: { rateLimit: { max: 20, timeWindow: 60_000 } }, schema: { hide: true } },
    async (request, reply) => {
      // A form post, answered with a page: no schema, so a bad token gets the page, not JSON.
      const form = (request.body ?? {}) as { token?: unknown; step?: unknown }
      const token = wellFormed(form.token) ? form.token : undefined
      const send = (status: number, body: string) =>
        reply.status(status).headers(pageHeaders).send(page(body))
      if (form.step === 'review') {
        const pending = token
          ? await findPendingApproval(app.db, token, ctx.now(), APPROVAL_TTL_MS)
          : undefined
        if (!token || !pending?.approvalSentAt) return send(400, DEAD)
        return send(
          200,
          review(token, {
            site: pending.approvalOrigin ?? 'an unknown site',
            device: pending.approvalAgent ?? UNKNOWN_DEVICE,
            time: utcMinute(pending.approvalSentAt),
          }),
        )
      }
      const approved = token
        ? await approveDeviceByToken(app.db, token, ctx.now(), APPROVAL_TTL_MS)
        : false
      if (!approved) return send(400, DEAD)
      // The sign-in code goes out now, once, from the owner's click; the waiting device only
      // polls, and polling never mails (docs/custody.md#sign-in-codes).
      const user = await findUser(app.db, approved.userId)
      if (user?.email) {
        const code = await issueCode(
          app.db,
          ctx.codeKey,
          { email: user.email, purpose: 'login', deviceHash: approved.deviceHash },
          ctx.now(),
        )
        await ctx.mailer.sendLoginCode(user.email, code, approved.origin ?? 'the site you asked on')
      }
      return send(200, '<h1>Device approved</h1><p>Go back to the app to finish signing in.</p>')
    },
  )
}

export const deviceRoutes = fp(deviceRoutesPlugin, { name: 'latch-auth-device', encapsulate: true })

/** The one route that takes a form post: the approval link's page submits it. */
export const DEVICE_APPROVAL_PATH = '/auth/v1/device/approve'
