import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on 127.0.0.1 for the mail tests: it keeps every mail it accepts, decoded as a person
// reads it, and can be told to refuse mails for a while (a temporary failure, 451).

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
