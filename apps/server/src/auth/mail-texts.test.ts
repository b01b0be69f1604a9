import { describe, expect, it } from 'vitest'
import { codeMail, emailChangedMail, MissingEmailChangeError } from './mail-texts.js'

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
})
