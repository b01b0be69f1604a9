// What each mail says. Kept apart from the transport so the texts can be checked on their own.

export type CodePurpose = 'login' | 'update_primary' | 'update_secondary'

/** An email change: `from` is the address the wallet signs in with now, `to` the new one. */
export interface EmailChange {
  from: string
  to: string
}

export interface MailText {
  subject: string
  text: string
}

export class MissingSiteError extends Error {
  override name = 'MissingSiteError'
  constructor() {
    super('A sign-in code mail must name the site it may be entered on: use loginCodeMail')
  }
}

export class MissingEmailChangeError extends Error {
  override name = 'MissingEmailChangeError'
  constructor(purpose: CodePurpose) {
    super(`A ${purpose} code mail must name both addresses`)
  }
}

const validity = 'It is valid for 10 minutes.'

/**
 * A code mail. The two email-update codes name both addresses, so the owner of the current
 * address sees where the wallet would move before giving the code away, and the new address's
 * owner sees which wallet it would take over.
 */
export function codeMail(purpose: CodePurpose, code: string, change?: EmailChange): MailText {
  if (purpose === 'login') throw new MissingSiteError()
  if (!change) throw new MissingEmailChangeError(purpose)
  const move = `from ${change.from} to ${change.to}`
  if (purpose === 'update_primary')
    return {
      subject: 'Confirm your Latch email change',
      text: `Someone (hopefully you) asked to change the sign-in email of your wallet ${move}. Whoever controls ${change.to} will be able to sign in to the wallet and recover it.\n\nYour code:\n\n${code}\n\n${validity} If you did not ask for this, do not give the code to anyone and ignore this email: nothing changes without it.`,
    }
  return {
    subject: 'Confirm your new Latch email',
    text: `Someone (hopefully you) asked to change the sign-in email of a wallet ${move}. Use this code to confirm ${change.to} as its new email:\n\n${code}\n\n${validity} If you did not ask for it, ignore this email.`,
  }
}

/**
 * A sign-in code names the one place it may be typed: the wallet window on the site that asked.
 * Anyone else asking for it (a page, a chat, a support desk) is after the wallet.
 */
export function loginCodeMail(code: string, site: string): MailText {
  return {
    subject: `Your Latch sign-in code for ${site}`,
    text: `Use this code to sign in to your wallet on ${site}:\n\n${code}\n\nEnter this code only in the wallet window of ${site}; never give it to anyone. ${validity} If you did not ask for it, ignore this email.`,
  }
}

/** Who asked for a device approval: the verified page origin, the device and when. */
export interface ApprovalRequest {
  link: string
  site: string
  /** "Chrome 120 on macOS 14", or "an unknown device" (device-facts.ts). */
  device: string
  /** "2026-11-27 10:02 UTC". */
  time: string
}

/** Names the site and the device, so the owner approves knowingly or not at all. */
export function deviceApprovalMail(request: ApprovalRequest): MailText {
  return {
    subject: `Approve a new device for your Latch wallet on ${request.site}`,
    text: `A device asked to sign in to your wallet:\n\nSite: ${request.site}\nDevice: ${request.device}\nTime: ${request.time}\n\nApprove it only if you just asked for this, on that site, on that device. Approving lets that device use your wallet. If that was you, approve it here:\n\n${request.link}\n\nA sign-in code follows once you approve. If it was not you, ignore this email: nothing happens without your approval.`,
  }
}

/** Sent to the old address after the change: its owner's last chance to notice a takeover. */
export function emailChangedMail(change: EmailChange): MailText {
  return {
    subject: 'Your Latch sign-in email was changed',
    text: `The sign-in email of your wallet was changed from ${change.from} to ${change.to}. Every other device was signed out.\n\nIf you made this change, there is nothing to do. If you did not, someone else controls your wallet's sign-in: contact the app you use the wallet with at once.`,
  }
}

/** Sent once per lock: the owner learns that someone is guessing at their sign-in codes. */
export function codesLockedMail(minutes: number): MailText {
  return {
    subject: 'Sign-in to your Latch wallet is paused',
    text: `Someone entered too many wrong sign-in codes for your wallet, so no code will be sent or accepted for the next ${minutes} minutes.\n\nIf that was you, wait and try again. If it was not, nobody got in: your wallet is safe, and the pause protects it.`,
  }
}
