import type { FastifyPluginAsync } from 'fastify'
import { issueCode } from '../codes.js'
import type { AuthContext } from '../context.js'
import { authPageHeaders } from '../pages.js'
import { approveDeviceByToken, findUser } from '../users.js'

/** An approval link is good for as long as a code. */
const APPROVAL_TTL_MS = 10 * 60_000

const pageHeaders = authPageHeaders("'self'")

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Approve device · Latch</title>
<meta name="viewport" content="width=device-width"><link rel="stylesheet" href="/auth/v1/device/approve.css">
<script src="/auth/v1/device/approve.js" defer></script></head><body><main>${body}</main></body></html>`

// The token rides in the URL fragment, which browsers never send, so it cannot land in a
// request log; this script moves it into the form body.
const script = `document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('approve');var t=location.hash.slice(1);if(f&&t){f.elements.token.value=t;f.hidden=false;history.replaceState(null,'',location.pathname)}})`
const style =
  'body{font:16px system-ui;margin:3rem auto;max-width:28rem;padding:0 1rem}button{font:inherit;padding:.5rem 1rem}'

/**
 * The device approval link of the verify-device step. GET only shows a button: mail scanners
 * that prefetch links must not approve anything.
 */
export function deviceRoutes(ctx: AuthContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/auth/v1/device/approve', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .headers(pageHeaders)
        .send(
          page(
            '<h1>Approve this sign-in?</h1><p>A new device asked to sign in to your Latch wallet.</p><form id="approve" method="post" hidden><input type="hidden" name="token"><button type="submit">Approve device</button></form>',
          ),
        ),
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
        const token = (request.body as { token?: unknown } | undefined)?.token
        const userId =
          typeof token === 'string' &&
          /^[A-Za-z0-9_-]{20,100}$/.test(token) &&
          (await approveDeviceByToken(app.db, token, ctx.now(), APPROVAL_TTL_MS))
        const ok = userId !== false
        // The sign-in code goes out now, once, from the owner's click; the waiting device only
        // polls, and polling never mails (docs/custody.md#sign-in-codes).
        const user = userId ? await findUser(app.db, userId) : undefined
        if (user?.email) {
          const code = await issueCode(
            app.db,
            ctx.codeKey,
            { email: user.email, purpose: 'login' },
            ctx.now(),
          )
          await ctx.mailer.sendCode(user.email, code, 'login')
        }
        return reply
          .status(ok ? 200 : 400)
          .headers(pageHeaders)
          .send(
            page(
              ok
                ? '<h1>Device approved</h1><p>Go back to the app to finish signing in.</p>'
                : '<h1>This link is no longer valid</h1><p>Start the sign-in again from the app.</p>',
            ),
          )
      },
    )
  }
}

/** The one route that takes a form post: the approval link's page submits it. */
export const DEVICE_APPROVAL_PATH = '/auth/v1/device/approve'
