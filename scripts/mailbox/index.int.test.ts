import { createTransport } from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Mailbox, startMailbox } from './index.js'

describe('startMailbox', () => {
  let mailbox: Mailbox
  beforeAll(async () => {
    mailbox = await startMailbox()
  })
  afterAll(() => mailbox.stop())

  it('catches a mail sent over SMTP and lists it as JSON and on the page', async () => {
    const transport = createTransport(mailbox.smtpUrl)
    await transport.sendMail({
      from: 'Latch <no-reply@latch.test>',
      to: 'Ada@Example.com',
      subject: 'Your code <b>',
      text: 'Code: 123456',
    })
    const mail = await mailbox.waitFor((m) => m.to.includes('ada@example.com'))
    expect(mail).toMatchObject({
      from: 'Latch <no-reply@latch.test>',
      subject: 'Your code <b>',
      text: 'Code: 123456\n',
    })
    const listed = await (await fetch(`${mailbox.webUrl}/messages?to=ada@example.com`)).json()
    expect(listed).toHaveLength(1)
    const html = await (await fetch(mailbox.webUrl)).text()
    expect(html).toContain('Your code &#60;b&#62;')
    expect(html).not.toContain('<b>')
  })

  it('rejects waitFor when nothing matching arrives', async () => {
    await expect(mailbox.waitFor((m) => m.subject === 'never', 50)).rejects.toThrow(
      'no matching mail',
    )
  })
})
