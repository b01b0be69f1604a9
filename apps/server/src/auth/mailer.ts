import { createTransport, type Transporter } from 'nodemailer'
import { HttpError } from '../errors.js'

export type CodePurpose = 'login' | 'update_primary' | 'update_secondary'

export interface Mailer {
  sendCode(to: string, code: string, purpose: CodePurpose): Promise<void>
  sendDeviceApproval(to: string, link: string): Promise<void>
  close(): void
}

export class EmailUnavailableError extends HttpError {
  override name = 'EmailUnavailableError'
  constructor() {
    super(503, 'EMAIL_UNAVAILABLE', 'Email sign-in is not configured on this server')
  }
}

const subjects: Record<CodePurpose, string> = {
  login: 'Your Latch sign-in code',
  update_primary: 'Confirm your Latch email change',
  update_secondary: 'Confirm your new Latch email',
}

const intros: Record<CodePurpose, string> = {
  login: 'Use this code to sign in to your wallet:',
  update_primary: 'Someone (hopefully you) asked to change the email of your wallet. Your code:',
  update_secondary: 'Use this code to confirm this address as the new email of your wallet:',
}

/** Real SMTP through nodemailer; in development the URL points at scripts/mailbox. */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  let transport: Transporter | undefined
  const send = async (to: string, subject: string, text: string) => {
    if (!smtpUrl) throw new EmailUnavailableError()
    transport ??= createTransport(smtpUrl)
    try {
      await transport.sendMail({ from, to, subject, text })
    } catch (error) {
      // The SMTP error may quote the message (and so the code): it stays out of the answer.
      const failure = new HttpError(502, 'EMAIL_SEND_FAILED', 'The email could not be sent')
      failure.cause = (error as Error)?.message?.replace(/\d{6}/g, '******')
      throw failure
    }
  }
  return {
    sendCode: (to, code, purpose) =>
      send(
        to,
        subjects[purpose],
        `${intros[purpose]}\n\n${code}\n\nIt is valid for 10 minutes. If you did not ask for it, ignore this email.`,
      ),
    sendDeviceApproval: (to, link) =>
      send(
        to,
        'Approve a new device for your Latch wallet',
        `A new device asked to sign in to your wallet. If that was you, approve it here:\n\n${link}\n\nThen go back to the app. If it was not you, ignore this email.`,
      ),
    close: () => transport?.close(),
  }
}
