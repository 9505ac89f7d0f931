import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable Message-ID, so a repeat after a crash can be recognised by mail systems. */
  messageId?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Where mail goes, for the start log. */
  readonly describe: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** True when a mail failure may pass on a later try (4xx replies, connection trouble). */
export function isTransientMailError(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string };
  if (typeof e?.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500;
  return ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE'].includes(String(e?.code));
}

/**
 * SMTP when a URL is given; otherwise (development, tests) every message is written as an .eml file into `mailDir`,
 * rendered by nodemailer exactly as it would go over SMTP.
 */
export function createMailer(opts: { smtpUrl?: string; mailDir: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    const safe = new URL(opts.smtpUrl);
    safe.password = '';
    safe.username = '';
    return {
      describe: `smtp ${safe.host}`,
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: m.messageId, headers: m.headers });
      },
      close: () => transport.close(),
    };
  }
  mkdirSync(opts.mailDir, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let seq = 0;
  return {
    describe: `files in ${opts.mailDir}`,
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: m.messageId, headers: m.headers });
      const id = String(info.messageId ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 80) || 'message';
      const file = join(opts.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++seq}-${id}.eml`);
      await writeFile(file, info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
