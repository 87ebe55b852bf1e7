import fp from 'fastify-plugin'
import { HttpError } from '../http-error.js'
import { createMailer, type Mail, type MailSettings } from '../mail/mailer.js'

export interface MailQueue {
  /**
   * Sends in the background: the answer ("Your report will be emailed!") does not wait for a
   * million-row report or a slow SMTP server. A failure is logged; the client has had its answer.
   */
  sendLater(mail: Mail, what: string): void
  /** false when the server was built without mail settings: routes that email refuse up front */
  ready: boolean
  /** resolves when every message started so far is sent or has failed (tests, shutdown) */
  idle(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailQueue
  }
}

/** For an upstream built without mail settings: a clear refusal before anything is changed. */
const noMail: MailQueue = {
  sendLater() {
    throw new HttpError(503, 'Email is not configured on this server')
  },
  ready: false,
  idle: async () => undefined,
}

/**
 * Messages written at once, the rest waiting their turn in order: a report to every owner (the
 * digest) queues thousands, and each would otherwise open its own SMTP connection or outbox file.
 */
export const MAIL_IN_FLIGHT = 4

export const mailPlugin = fp<{ settings?: MailSettings }>(
  async (app, { settings }) => {
    if (!settings) return void app.decorate('mail', noMail)
    const mailer = createMailer(settings)
    const pending = new Set<Promise<void>>()
    const waiting: (() => void)[] = []
    let writing = 0
    /** resolves when the message may be written; `done` hands its place to the next in line */
    const turn = () => (writing < MAIL_IN_FLIGHT ? (writing++, Promise.resolve()) : new Promise<void>((go) => waiting.push(go)))
    const done = () => {
      const next = waiting.shift()
      if (next) next()
      else writing--
    }
    const queue: MailQueue = {
      ready: true,
      sendLater(mail, what) {
        const job = turn()
          .then(() => mailer.send(mail))
          .then(() => app.log.info({ what }, 'mail sent'))
          .catch((err: unknown) => app.log.error({ err, what }, 'mail failed'))
          .finally(() => {
            done()
            pending.delete(job)
          })
        pending.add(job)
      },
      async idle() {
        while (pending.size) await Promise.all(pending)
      },
    }
    app.decorate('mail', queue)
    // a report being written when the server stops is finished first, then the transport closes
    app.addHook('onClose', async () => {
      await queue.idle()
      mailer.close()
    })
  },
  { name: 'mail' },
)
