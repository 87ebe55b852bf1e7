/**
 * The upstream's mail queue: a report to every owner queues thousands of messages, and at most
 * MAIL_IN_FLIGHT are written at once (each an SMTP connection of its own), the rest in order after.
 */
import Fastify from 'fastify'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import t from 'tap'
import { mailPlugin, MAIL_IN_FLIGHT } from '../../../server/upstream/plugins/mail.js'

t.test('at most MAIL_IN_FLIGHT messages are written at once, every one in the end', async (t) => {
  // a message is being written from its MAIL FROM until the server accepts its data
  let writing = 0
  let most = 0
  const subjects: string[] = []
  // the first MAIL_IN_FLIGHT are held until all of them are being written: as many at once as allowed
  let held: (() => void)[] | undefined = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      writing++
      most = Math.max(most, writing)
      callback()
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          subjects.push(mail.subject ?? '')
          const accept = () => {
            writing--
            callback()
          }
          if (!held) return accept()
          held.push(accept)
          if (held.length < MAIL_IN_FLIGHT) return
          const first = held
          held = undefined
          for (const go of first) go()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const { port } = server.server.address() as { port: number }

  const app = Fastify()
  await app.register(mailPlugin, { settings: { smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '' } })
  await app.ready()
  t.teardown(() => app.close())
  const count = MAIL_IN_FLIGHT * 5
  for (let i = 0; i < count; i++) app.mail.sendLater({ to: `owner${i}@ccoe.example`, subject: `digest ${i}`, text: 'x' }, 'test')
  await app.mail.idle()
  t.equal(subjects.length, count, 'every message')
  t.equal(most, MAIL_IN_FLIGHT, `${MAIL_IN_FLIGHT} at once, never more`)
})
