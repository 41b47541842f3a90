import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectFilesUnder, projectRoot, sourceFile } from '../../tests/support/project-files.ts';

// A record id, a page and an Idempotency-Key are read by one rule each (core/record-id.ts,
// core/list-page.ts, core/idempotency-key.ts; docs/decisions/0018-input-primitives.md). This scan fails
// when a route, service or page reads one of them by hand again: its own digit pattern, its own
// coercion of a request value, its own bound of the databases' integer or its own key pattern.

const scannedDirectories = ['server/api', 'server/modules', 'server/http', 'app'];

const handReadings: { name: string; pattern: RegExp }[] = [
  // A run of digits of variable length outside a character class: `\d+`, `\d{1,9}`, `[1-9]\d{0,9}`.
  { name: 'its own digit pattern', pattern: /(?<!\[[^\]]*)\\d(?:\+|\*|\{\d*,\d*\})/ },
  { name: 'its own coercion of an id or page field', pattern: /\b(?:id|_id|\w+Id|page|pageSize)\s*[:=].*z\.coerce\.number/ },
  { name: 'its own coercion of a request value', pattern: /(?:Number|parseInt)\((?:params|searchParams|url\.searchParams|search|form|request|id|raw|param)\b/ },
  { name: 'its own bound of the databases’ integer', pattern: /2\s*\*\*\s*31|2_?147_?483_?64[78]/ },
  { name: 'its own Idempotency-Key pattern', pattern: /\{8,64\}/ },
];

/** Digit patterns that read no id and no page, each with what it reads. */
const otherDigitPatterns: Record<string, string> = {
  'server/modules/sales-persons/customer-search.ts': 'a customer number of digits, ordered as a number in the search',
  'server/modules/tenants/tenant.service.ts': 'the port after a host name',
  'app/features/order-history/order-detail.server.ts': 'the index of an order line (0–9,999) to order again',
  'server/modules/erp-webhooks/webhook-retry.ts': 'the seconds of a webhook receiver’s Retry-After header',
  'server/modules/order-sheet/sku-forms.ts': 'an article number of digits only, which may have lost its leading zeros',
  'server/modules/order-sheet/xlsx/sheet-cells.ts': 'the row number of a spreadsheet cell reference (B12)',
  'server/modules/order-sheet/xlsx/sheet-rows.ts': 'a whole quantity a sheet stored as text',
  'server/http/announced-length.ts': 'a request’s Content-Length, the decimal digits HTTP allows',
  'server/modules/product-files/send-stored-file.ts': 'the byte positions of a Range header, the decimal digits HTTP allows',
};

const sourceFiles = (directory: string) => projectFilesUnder(directory, { name: sourceFile });

describe('the input primitives have one home', () => {
  it('no route, service or page reads a record id, a page or an Idempotency-Key by hand', () => {
    const found: string[] = [];
    for (const file of scannedDirectories.flatMap(sourceFiles)) {
      const lines = fs.readFileSync(path.join(projectRoot, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const { name, pattern } of handReadings) {
          if (!pattern.test(line)) continue;
          if (name === 'its own digit pattern' && otherDigitPatterns[file]) continue;
          found.push(`${file}:${index + 1} ${name}: ${line.trim()}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('sees the hand readings it looks for', () => {
    const samples = [
      "const idParams = z.object({ id: z.string().regex(/^[1-9]\\d{0,8}$/) });",
      ".regex(/^\\d{1,9}$/, { error: 'validation.invalid' })",
      'const id = z.coerce.number().int().positive();',
      "page: optional(z.coerce.number().int().min(1).max(10_000)),",
      "const page = Number(search.get('page'));",
      "const editingId = Number(searchParams.get('edit'));",
      'const orderId = Number(id);',
      'export const recordId = z.number().int().positive().max(2 ** 31 - 1);',
      'const maxId = 2_147_483_647;',
      "idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),",
    ];
    for (const sample of samples) expect(handReadings.some(({ pattern }) => pattern.test(sample)), sample).toBe(true);
    for (const sample of ['/^[a-z][a-z\\d+.-]*:/i', "/^\\d{4}-\\d{2}-\\d{2}$/", 'expectedTotal: z.coerce.number().finite()']) {
      expect(handReadings.some(({ pattern }) => pattern.test(sample)), sample).toBe(false);
    }
  });
});
