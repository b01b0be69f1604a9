import { describe, expect, it } from 'vitest'
import { describeAgent, UNKNOWN_DEVICE, utcMinute } from './device-facts.js'
import {
  codeMail,
  deviceApprovalMail,
  emailChangedMail,
  loginCodeMail,
  MissingEmailChangeError,
  MissingSiteError,
} from './mail-texts.js'

const change = { from: 'ada@example.com', to: 'mallory@evil.example' }

describe('mail texts', () => {
  it.each(['update_primary', 'update_secondary'] as const)(
    'the %s code mail names both addresses and carries the code',
    (purpose) => {
      const mail = codeMail(purpose, '123456', change)
      expect(mail.text).toContain('from ada@example.com to mallory@evil.example')
      expect(mail.text).toContain('\n\n123456\n\n')
    },
  )

  it('an email-update code mail cannot be written without both addresses', () => {
    expect(() => codeMail('update_primary', '123456')).toThrow(MissingEmailChangeError)
    expect(() => codeMail('update_secondary', '123456')).toThrow(MissingEmailChangeError)
  })

  it('the notice to the old address says where the email went', () => {
    const mail = emailChangedMail(change)
    expect(mail.subject).toBe('Your Latch sign-in email was changed')
    expect(mail.text).toContain('changed from ada@example.com to mallory@evil.example')
    expect(mail.text).not.toMatch(/\d{6}/)
  })

  it('the device approval mail names the site, the browser and OS, and the time in UTC', () => {
    const mail = deviceApprovalMail({
      link: 'https://latch.example/auth/v1/device/approve#token',
      site: 'https://dapp.example',
      device: describeAgent(
        'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
      ),
      time: utcMinute(new Date('2026-11-27T10:02:35Z')),
    })
    expect(mail.subject).toContain('https://dapp.example')
    expect(mail.text).toContain('Site: https://dapp.example')
    expect(mail.text).toContain('Device: Firefox 121 on Linux')
    expect(mail.text).toContain('Time: 2026-11-27 10:02 UTC')
    expect(mail.text).toContain('https://latch.example/auth/v1/device/approve#token')
  })

  it('a request without a User-Agent (or one no parser knows) is "an unknown device"', () => {
    expect(describeAgent(undefined)).toBe(UNKNOWN_DEVICE)
    expect(describeAgent('   ')).toBe(UNKNOWN_DEVICE)
    expect(describeAgent('curl/8.0')).toBe(UNKNOWN_DEVICE)
    const mail = deviceApprovalMail({
      link: 'https://x.example/#t',
      site: 'https://dapp.example',
      device: describeAgent(undefined),
      time: utcMinute(new Date(0)),
    })
    expect(mail.text).toContain('Device: an unknown device')
  })

  it('a forged User-Agent cannot write markup or new lines into the mail', () => {
    const named = describeAgent(
      'Mozilla/5.0 (Windows NT 10.0) Chrome/120<script>\nSite: https://evil.example Safari/537.36',
    )
    expect(named).not.toMatch(/[<>\n:]/)
  })

  it('the sign-in code mail names the one place the code may be typed', () => {
    const mail = loginCodeMail('123456', 'https://dapp.example')
    expect(mail.text).toContain('\n\n123456\n\n')
    expect(mail.text).toContain(
      'Enter this code only in the wallet window of https://dapp.example; never give it to anyone',
    )
    expect(() => codeMail('login', '123456')).toThrow(MissingSiteError)
  })
})
