import { mailboxUrl, mailIntervalSeconds } from '../playwright.config.js'

interface CaughtMail {
  id: number
  to: string[]
  subject: string
  text: string
  receivedAt: string
}

/** Every mail the catcher holds for `email`, newest first. */
async function mailsTo(email: string): Promise<CaughtMail[]> {
  const response = await fetch(
    `${mailboxUrl}/messages?to=${encodeURIComponent(email.toLowerCase())}`,
  )
  return (await response.json()) as CaughtMail[]
}

/** A mail that carries a 6-digit code (a device approval carries a link instead). */
const codeOf = (mail: CaughtMail) =>
  mail.subject.includes('new device') ? undefined : /\b(\d{6})\b/.exec(mail.text)?.[1]

/** The e2e server's interval between sign-in mails to one address (docs/behaviour.md#limits). */
const MAIL_INTERVAL_MS = mailIntervalSeconds * 1000

/**
 * Waits until the server's interval since the last mail to `email` is over, so the next
 * start is not refused: a refused start still stamps the page-side client's own 30 s interval
 * (connectEmail records the time before asking), so a retry after the server's wait is refused
 * again by the client. The wait is the mail's own time plus the interval: an event, not a guess.
 */
export async function waitOutMailInterval(email: string): Promise<void> {
  const newest = (await mailsTo(email))[0]
  if (!newest) return
  const left = Date.parse(newest.receivedAt) + MAIL_INTERVAL_MS + 1_000 - Date.now()
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
}

/** The id of the newest code mail to `email` so far (0 if none), without waiting. */
export async function latestCode(email: string): Promise<{ id: number }> {
  return { id: (await mailsTo(email)).find((mail) => codeOf(mail))?.id ?? 0 }
}

/**
 * The newest sign-in code mailed to `email` by the stack's SMTP catcher (scripts/mailbox),
 * waiting for it to arrive. `after` skips codes already read.
 */
export async function readCode(
  email: string,
  after = 0,
  timeoutMs = 15_000,
): Promise<{ code: string; id: number }> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    for (const mail of await mailsTo(email)) {
      const code = codeOf(mail)
      if (code && mail.id > after) return { code, id: mail.id }
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no code mailed to ${email} within ${timeoutMs} ms`)
}

/** The device approval link of the newest "new device" mail to `email`. */
export async function readApprovalLink(email: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const link = (await mailsTo(email))
      .filter((mail) => mail.subject.includes('new device'))
      .map((mail) => /(https?:\/\/\S+#[A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
      .find(Boolean)
    if (link) return link
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no device approval mailed to ${email} within ${timeoutMs} ms`)
}
