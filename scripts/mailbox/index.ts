/**
 * The dev mail catcher: an SMTP server that keeps every message in memory, and a small web page
 * (plus JSON) listing them. `npm start` points the Latch server's LATCH_SMTP_URL at it, so the
 * sign-in codes a developer (or an e2e test) needs are one click away and nothing leaves loopback.
 */
import { EventEmitter } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'

export interface CaughtMail {
  id: number
  from: string
  to: string[]
  subject: string
  text: string
  html: string
  receivedAt: string
}

export interface MailboxOptions {
  /** 0 (default) picks a free port. */
  smtpPort?: number
  httpPort?: number
  host?: string
  /** Oldest messages are dropped past this count. */
  limit?: number
}

export interface Mailbox {
  smtpUrl: string
  webUrl: string
  messages(): CaughtMail[]
  /** Resolves with the first message (already caught or still to come) that matches. */
  waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>
  clear(): void
  stop(): Promise<void>
}

export class MailboxTimeoutError extends Error {
  override name = 'MailboxTimeoutError'
}

export async function startMailbox(options: MailboxOptions = {}): Promise<Mailbox> {
  const host = options.host ?? '127.0.0.1'
  const limit = options.limit ?? 500
  const mails: CaughtMail[] = []
  const events = new EventEmitter()
  let nextId = 1

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Latch dev mailbox',
    size: 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      // postal-mime parses a whole message, so the SMTP stream is collected first; the size
      // limit above bounds what is held.
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.once('error', (error: Error) => callback(error))
      stream.once('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            const mail: CaughtMail = {
              id: nextId++,
              from: formatSender(parsed.from) ?? envelopeSender(session.envelope.mailFrom),
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html ?? '',
              receivedAt: new Date().toISOString(),
            }
            mails.push(mail)
            if (mails.length > limit) mails.shift()
            events.emit('mail', mail)
            callback()
          })
          .catch((error: Error) => callback(error))
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(options.smtpPort ?? 0, host, () => resolve())
  })
  const smtpPort = (smtp.server.address() as AddressInfo).port

  const http = createServer((request, response) => serve(request, response))
  function serve(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://mailbox')
    if (request.method === 'DELETE' && url.pathname === '/messages') {
      mails.length = 0
      return send(response, 204, '', 'text/plain')
    }
    if (request.method !== 'GET') return send(response, 405, 'Method not allowed', 'text/plain')
    const to = url.searchParams.get('to')?.toLowerCase()
    const listed = to ? mails.filter((mail) => mail.to.includes(to)) : mails
    if (url.pathname === '/messages')
      return send(response, 200, JSON.stringify([...listed].reverse()), 'application/json')
    const one = /^\/messages\/(\d+)$/.exec(url.pathname)
    if (one) {
      const mail = mails.find((m) => m.id === Number(one[1]))
      return mail
        ? send(response, 200, JSON.stringify(mail), 'application/json')
        : send(response, 404, 'Not found', 'text/plain')
    }
    if (url.pathname === '/') return send(response, 200, page([...listed].reverse()), 'text/html')
    return send(response, 404, 'Not found', 'text/plain')
  }
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.httpPort ?? 0, host, () => resolve())
  })
  const httpPort = (http.address() as AddressInfo).port
  const urlHost = host.includes(':') ? `[${host}]` : host

  return {
    smtpUrl: `smtp://${urlHost}:${smtpPort}`,
    webUrl: `http://${urlHost}:${httpPort}`,
    messages: () => [...mails],
    waitFor(match, timeoutMs = 10_000) {
      const found = mails.find(match)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const onMail = (mail: CaughtMail) => {
          if (!match(mail)) return
          clearTimeout(timer)
          events.off('mail', onMail)
          resolve(mail)
        }
        const timer = setTimeout(() => {
          events.off('mail', onMail)
          reject(new MailboxTimeoutError(`no matching mail within ${timeoutMs} ms`))
        }, timeoutMs)
        events.on('mail', onMail)
      })
    },
    clear() {
      mails.length = 0
    },
    async stop() {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          http.closeAllConnections()
          http.close(() => resolve())
        }),
      ])
    },
  }
}

/** The header's sender as mail clients print it: `Name <address>`, or the bare address. */
function formatSender(from: { name?: string; address?: string } | undefined): string | undefined {
  if (!from?.address) return undefined
  return from.name ? `${from.name} <${from.address}>` : from.address
}

const envelopeSender = (mailFrom: false | { address: string }) => (mailFrom ? mailFrom.address : '')

function send(response: ServerResponse, status: number, body: string, type: string) {
  response.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    // The page renders caught HTML only as escaped text; nothing it lists may run.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  })
  response.end(body)
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(mails: CaughtMail[]): string {
  const rows = mails
    .map(
      (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">#${mail.id} · to ${escapeHtml(mail.to.join(', '))} · ${escapeHtml(mail.receivedAt)}</p>
<pre>${escapeHtml(mail.text)}</pre></article>`,
    )
    .join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Latch dev mailbox</title>
<style>body{font:14px system-ui;margin:2rem;max-width:48rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}
.meta{color:#666}pre{white-space:pre-wrap}</style></head><body><h1>Latch dev mailbox</h1>
<p>${mails.length} message(s), newest first. JSON: <code>/messages?to=email</code>. Reload to refresh.</p>
${rows || '<p>No mail yet.</p>'}</body></html>`
}
