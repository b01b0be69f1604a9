import { createTransport, type Transporter } from 'nodemailer'
import { HttpError } from '../http/errors.js'
import {
  type ApprovalRequest,
  type CodePurpose,
  codeMail,
  codesLockedMail,
  deviceApprovalMail,
  type EmailChange,
  emailChangedMail,
  loginCodeMail,
} from './mail-texts.js'

export type { CodePurpose, EmailChange } from './mail-texts.js'

export interface Mailer {
  /** `change` is required for the two email-update codes: their mails name both addresses. */
  sendCode(to: string, code: string, purpose: CodePurpose, change?: EmailChange): Promise<void>
  /** A sign-in code, naming the site (page origin) whose wallet window may take it. */
  sendLoginCode(to: string, code: string, site: string): Promise<void>
  sendDeviceApproval(to: string, request: ApprovalRequest): Promise<void>
  /** The notice to the old address once its wallet's sign-in email has moved. */
  sendEmailChanged(change: EmailChange): Promise<void>
  /** The notice that sign-in codes for `to` are paused for `minutes` after too many wrong ones. */
  sendCodesLocked(to: string, minutes: number): Promise<void>
  close(): void
}

export class EmailUnavailableError extends HttpError {
  override name = 'EmailUnavailableError'
  constructor() {
    super(503, 'EMAIL_UNAVAILABLE', 'Email sign-in is not configured on this server')
  }
}

/** Real SMTP through nodemailer; in development the URL points at scripts/mailbox. */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  let transport: Transporter | undefined
  const send = async (to: string, { subject, text }: { subject: string; text: string }) => {
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
    sendCode: (to, code, purpose, change) => send(to, codeMail(purpose, code, change)),
    sendLoginCode: (to, code, site) => send(to, loginCodeMail(code, site)),
    sendDeviceApproval: (to, request) => send(to, deviceApprovalMail(request)),
    sendEmailChanged: (change) => send(change.from, emailChangedMail(change)),
    sendCodesLocked: (to, minutes) => send(to, codesLockedMail(minutes)),
    close: () => transport?.close(),
  }
}
