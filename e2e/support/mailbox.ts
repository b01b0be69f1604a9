import { mailboxUrl } from '../playwright.config.js'

interface CaughtMail {
  id: number
  to: string[]
  subject: string
  text: string
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
    const response = await fetch(
      `${mailboxUrl}/messages?to=${encodeURIComponent(email.toLowerCase())}`,
    )
    const mails = (await response.json()) as CaughtMail[]
    for (const mail of mails) {
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
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
    const response = await fetch(
      `${mailboxUrl}/messages?to=${encodeURIComponent(email.toLowerCase())}`,
    )
    const mails = (await response.json()) as CaughtMail[]
    const link = mails
      .filter((mail) => mail.subject.includes('new device'))
      .map((mail) => /(https?:\/\/\S+#[A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
      .find(Boolean)
    if (link) return link
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no device approval mailed to ${email} within ${timeoutMs} ms`)
}
