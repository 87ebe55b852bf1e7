import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import nodemailer from 'nodemailer'

export interface MailSettings {
  /** smtp:// or smtps:// URL; unset: messages are written to `outboxDir` instead of sent */
  smtpUrl?: string
  /** where `.eml` files go when there is no SMTP server (the embedded default) */
  outboxDir: string
}

export const MAIL_FROM = 'CCoE Portal <noreply@ccoe.example>'

export interface Mail {
  to: string
  subject: string
  text: string
  /** the same message as HTML, beside the text (nodemailer sends both as multipart/alternative) */
  html?: string
  /** a stream is read while the message is written: a big report is never held whole in memory */
  attachments?: { filename: string; content: string | Buffer | Readable; contentType?: string }[]
}

export interface Mailer {
  send(mail: Mail): Promise<void>
  close(): void
}

/** `2024-05-01T10-20-30.123Z-9f2c1a7e.eml`: ISO time first so names sort by time; no ':' so Windows can copy them. */
function outboxName(): string {
  return `${new Date().toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.eml`
}

/** Writes each message as an .eml file: a real MIME message any mail client opens. */
function outboxMailer(outboxDir: string): Mailer {
  // stream, not buffer: nodemailer would otherwise build a million-row attachment in memory
  const transport = nodemailer.createTransport({ streamTransport: true, newline: 'windows' })
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: MAIL_FROM, ...mail })
      mkdirSync(outboxDir, { recursive: true })
      const file = join(outboxDir, outboxName())
      // written under a temporary name and renamed: whoever watches the outbox never reads half a message
      const partial = `${file}.partial`
      try {
        // a stream, as the transport is not set to `buffer`; its type names both, so a Buffer would still be written whole
        const message = Buffer.isBuffer(info.message) ? Readable.from([info.message]) : info.message
        await pipeline(message, createWriteStream(partial))
        renameSync(partial, file)
      } catch (err) {
        rmSync(partial, { force: true })
        throw err
      }
    },
    close: () => transport.close(),
  }
}

function smtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(mail) {
      await transport.sendMail({ from: MAIL_FROM, ...mail })
    },
    close: () => transport.close(),
  }
}

export function createMailer(settings: MailSettings): Mailer {
  return settings.smtpUrl ? smtpMailer(settings.smtpUrl) : outboxMailer(settings.outboxDir)
}
