import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../server/app.ts';
import { erpScopes } from '../../server/modules/access/erp-access.ts';
import { startTestShop, type TestShop } from './helper.ts';

// docs/erp-integration.md walks an integrator through the ERP API with curl. Every `sh` block of it is run
// here, in order, against a shop with the demo data, with `$SHOP` and `$ERP_KEY` set: the status each
// call answers must be the one its `# → NNN` line says. A walk that no longer works fails here first.

const run = promisify(execFile);
const docPath = path.join(rootDir, 'docs/erp-integration.md');

interface Example {
  /** The block's first line, to name it. */
  title: string;
  script: string;
  expectedStatus: number;
}

function examplesOf(markdown: string): Example[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map(([, body]) => {
    const status = /^# → (\d{3})$/m.exec(body!);
    if (!status) throw new Error(`An sh block of docs/erp-integration.md names no status (# → NNN):\n${body}`);
    return { title: body!.split('\n')[0]!, script: body!, expectedStatus: Number(status[1]) };
  });
}

let shop: TestShop;
let address: string;
let key: string;
let workDir: string;

beforeAll(async () => {
  shop = await startTestShop();
  address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  key = (await shop.services.apiClients.create({ tenantId: tenant.id, name: 'ERP', scopes: erpScopes })).secret;
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-doc-'));
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('docs/erp-integration.md', () => {
  const examples = examplesOf(fs.readFileSync(docPath, 'utf8'));

  it('has examples to run', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  // One test walks them all in order: later calls rely on what earlier ones loaded.
  it('answers every curl call with the status the page says', async () => {
    for (const [index, example] of examples.entries()) {
      const statusFile = path.join(workDir, `status-${index}`);
      const bodyFile = path.join(workDir, `body-${index}`);
      // `curl` in the block is this function: it keeps the status and the body apart from what is printed.
      const preamble = `curl() { command curl -sS -o ${JSON.stringify(bodyFile)} -w '%{http_code}' "$@" > ${JSON.stringify(statusFile)}; }\n`;
      await run('bash', ['-euo', 'pipefail', '-c', preamble + example.script], { env: { ...process.env, SHOP: address, ERP_KEY: key }, cwd: workDir });
      const status = Number(fs.readFileSync(statusFile, 'utf8'));
      const body = fs.readFileSync(bodyFile, 'utf8');
      expect(status, `${example.title}\n${body}`).toBe(example.expectedStatus);
    }
  });
});
