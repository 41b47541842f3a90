import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

// Sends the shop's mails: over SMTP when SMTP_URL is set, else as .eml files in MAIL_OUTBOX_DIR that a
// developer can open. Timeouts stay well inside the mail worker's claim (60 s), so a hanging server
// never lets a second process send the same mail while the first is still trying. nodemailer is loaded
// with the first mail, not at start (it adds about 150 ms to every start).

export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * The same for every try of one outbox row: a process that dies after the SMTP server took a mail but before
   * it was marked sent leaves it to be sent again, and the receiving side can tell the second copy by it.
   */
  messageId: string;
}

export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailSender(options: { smtpUrl: string | undefined; outboxDir: string }): MailSender {
  const toFiles = !options.smtpUrl;
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      toFiles
        ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
        : nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
    ));
  return {
    async send(mail) {
      const info = await (await transportOnce()).sendMail(mail);
      if (!toFiles) return;
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await fs.writeFile(path.join(options.outboxDir, name), info.message as Buffer);
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}
