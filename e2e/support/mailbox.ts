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
