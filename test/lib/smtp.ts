import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { Teardown } from '../helper.js'

export interface SmtpInbox {
  /** smtp://127.0.0.1:port for the upstream's mailer */
  url: string
  /** every message received so far, parsed, in arrival order */
  messages: ParsedMail[]
  /** the SMTP envelope of each message (MAIL FROM, RCPT TO), in arrival order */
  envelopes: { from: string; to: string[] }[]
  /** resolves once `count` messages have arrived (a hook, not a sleep) */
  received(count: number): Promise<ParsedMail[]>
}

/** A real SMTP server on a random local port; what it receives is parsed by mailparser. */
export async function startSmtp(t: Teardown): Promise<SmtpInbox> {
  const messages: ParsedMail[] = []
  const envelopes: { from: string; to: string[] }[] = []
  const waiters: { count: number; resolve: (all: ParsedMail[]) => void }[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const { mailFrom, rcptTo } = session.envelope
      const envelope = { from: mailFrom ? mailFrom.address : '', to: rcptTo.map((r) => r.address) }
      simpleParser(stream)
        .then((mail) => {
          // pushed together: messages parsed at once may finish in any order, and envelopes[i] is messages[i]'s
          envelopes.push(envelope)
          messages.push(mail)
          for (const w of waiters.filter((w) => messages.length >= w.count)) {
            waiters.splice(waiters.indexOf(w), 1)
            w.resolve(messages)
          }
          done()
        })
        .catch(done)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const { port } = server.server.address() as { port: number }
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    envelopes,
    received: (count) =>
      messages.length >= count ? Promise.resolve(messages) : new Promise((resolve) => waiters.push({ count, resolve })),
  }
}
