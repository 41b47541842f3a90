import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { withShopDatabase } from './helpers.ts';
import { workerShop } from './shops.ts';

// The user list's browser tests: the shop runs without SMTP_URL, so its mail worker writes every mail as an
// .eml file to MAIL_OUTBOX_DIR (playwright.config.ts: the worker's shop's folder, /outbox). A test reads the
// mail a person would get from there, and follows its link.

const outboxDir = path.join(workerShop().dataDir, 'outbox');

/** The decoded text of a mail file (quoted-printable parts as a person reads them). */
function decoded(raw: string): string {
  const softBreaks = raw.replace(/=\r?\n/g, '');
  return softBreaks.replace(/(?:=[0-9A-F]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run.replace(/=/g, '%'));
    } catch {
      return run;
    }
  });
}

/** Waits for the mail to `address` the worker writes (playwright.config.ts: it looks for mails ten times a second) and answers its text. */
export async function mailTo(address: string, options: { after?: number; containing?: string } = {}): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const names = await fs.readdir(outboxDir).catch(() => [] as string[]);
        for (const name of names.toSorted().toReversed()) {
          const file = path.join(outboxDir, name);
          if ((await fs.stat(file)).mtimeMs < (options.after ?? 0)) continue;
          const text = decoded(await fs.readFile(file, 'utf8'));
          if (new RegExp(`^To: .*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(text) && (!options.containing || text.includes(options.containing))) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, intervals: [100], message: `a mail to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The single-use link of a password mail, as a path of the shop (/reset?token=…). */
export function resetLinkOf(mail: string): string {
  const match = /https?:\/\/[^/\s]+(\/reset\?token=[A-Za-z0-9_-]{43})/.exec(mail);
  if (!match) throw new Error('no /reset link in the mail');
  return match[1]!;
}

/** Takes the users the test made out of the demo company again (their sessions and links go with them). */
export async function removeUsers(usernames: readonly string[]): Promise<void> {
  if (usernames.length === 0) return;
  await withShopDatabase(async (db) => {
    await db.deleteFrom('users').where('username', 'in', usernames).execute();
  });
}
