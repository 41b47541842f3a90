import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestShop, type TestShop } from './helper.ts';
import { companyId, createUser, demoTenantId, sessionClient, type SessionClient } from './order-history-fixtures.ts';

// A real SMTP server on 127.0.0.1 for the mail tests: it keeps every mail it accepts, decoded as a person
// reads it, and can be told to refuse mails for a while (a temporary failure, 451). mailShopForFile gives a
// file of mail tests a shop that sends to it.

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The decoded text of every MIME part (quoted-printable or base64). */
  body: string;
}

function decodedBodies(raw: string): string {
  const parts: string[] = [];
  const partPattern = /Content-Transfer-Encoding: *([\w-]+)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?=\r?\n--|$)/gi;
  for (const [, encoding, body = ''] of raw.matchAll(partPattern)) {
    if (/quoted-printable/i.test(encoding!)) {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
      parts.push(decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25')));
    } else if (/base64/i.test(encoding!)) parts.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else parts.push(body);
  }
  return parts.join('\n');
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** While true, every mail is refused with 451. */
  refuse: boolean;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const state = { refuse: false };
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse) {
          callback(Object.assign(new Error('mailbox temporarily unavailable'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, body: decodedBodies(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The public URL of the shop of mailShopForFile: the links in its mails start with it (see resetTokenOf). */
const mailShopUrl = 'https://shop.example';

export interface MailShop {
  smtp: TestSmtp;
  shop: TestShop;
  /** The demo tenant's id. */
  tenantId: number;
  /** Has the worker send what is queued and takes the mails to `address` received since the last look off the pile. */
  takeMailsTo(address: string): Promise<ReceivedMail[]>;
  /** A customer of the demo company 10001 made for one test, signed in; username `<prefix>-<n>`, e-mail `<username>@example.com`. */
  newCustomer(prefix: string): Promise<{ userId: number; auth: string; username: string; email: string; client: SessionClient }>;
}

/**
 * For a file of mail tests: before all of them, an SMTP server and a shop that sends to it (MAIL_WORKER
 * off, so the tests drive the worker with drainOnce(); `env` adds or overrides settings); before each test,
 * the outbox sent and the received mails forgotten, so a test sees only its own; after all, both closed.
 * The fields are there once the file's tests run (read them in a beforeAll or a test).
 */
export function mailShopForFile(env: Record<string, string> = {}): MailShop {
  let customers = 0;
  let customersCompanyId: number;
  const mailShop = {
    async takeMailsTo(address: string) {
      await mailShop.shop.services.mailWorker.drainOnce();
      const { received } = mailShop.smtp;
      const mine = received.filter((mail) => mail.to.includes(address));
      received.splice(0, received.length, ...received.filter((mail) => !mine.includes(mail)));
      return mine;
    },
    async newCustomer(prefix: string) {
      customers += 1;
      const username = `${prefix}-${customers}`;
      const user = await createUser(mailShop.shop.db, mailShop.tenantId, customersCompanyId, username, 'customer');
      return { ...user, username, email: `${username}@example.com`, client: sessionClient(mailShop.shop, user.auth) };
    },
  } as MailShop;
  beforeAll(async () => {
    mailShop.smtp = await startTestSmtp();
    mailShop.shop = await startTestShop({ SMTP_URL: mailShop.smtp.url, PUBLIC_URL: mailShopUrl, LOG_LEVEL: 'error', ...env });
    mailShop.tenantId = await demoTenantId(mailShop.shop.db);
    customersCompanyId = await companyId(mailShop.shop.db, '10001');
  });
  afterAll(async () => {
    await mailShop.shop?.close();
    await mailShop.smtp?.close();
  });
  beforeEach(async () => {
    await mailShop.shop.services.mailWorker.drainOnce();
    mailShop.smtp.received.length = 0;
  });
  return mailShop;
}

/** The token of the link to /reset in a mail's text (password reset and invitation), or undefined. */
export function resetTokenOf(body: string): string | undefined {
  return /https:\/\/shop\.example\/reset\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
}
