import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectFilesUnder, projectRoot, sourceFile } from '../tests/support/project-files.ts';

// Cents ↔ major units cross in core/money.ts and, at the API's edge, core/api-money.ts; percent ↔ basis
// points in core/basis-points.ts. This scan fails when the shop multiplies or divides by 100 anywhere
// else: that is a conversion written by hand again, with its own rounding.

const scannedDirectories = ['core', 'server', 'app'];
const homes = new Set(['core/money.ts', 'core/api-money.ts', 'core/basis-points.ts']);
// Generated demo data and frozen migrations keep their own arithmetic on purpose.
const skippedDirectories = ['server/db/seed', 'server/db/migrations'];
/** Hundreds that convert no money and no rate, each with what it computes. */
const otherHundreds: Record<string, string> = {
  'app/features/finance/aging-chart.tsx': 'the width of a bar in percent of the largest bar',
};

const byHundred = /(?:\*|\/)\s*100(?![\d_.])/;
const commentLine = /^\s*(?:\/\/|\*|\/\*)/;

const sourceFiles = (directory: string) => projectFilesUnder(directory, { name: sourceFile, skip: skippedDirectories });

describe('money and rates convert in one place', () => {
  it('nothing outside the conversions multiplies or divides by 100', () => {
    const found: string[] = [];
    for (const file of scannedDirectories.flatMap(sourceFiles)) {
      if (homes.has(file) || otherHundreds[file]) continue;
      fs.readFileSync(path.join(projectRoot, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (byHundred.test(line) && !commentLine.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('the server and the pages turn cents into major units only through the API pair or a formatter', () => {
    // centsToAmount is the money module's own step: an answer uses moneyOut/amountOut (core/api-money.ts),
    // a text formatCents (core/money.ts), so every amount that leaves is converted the same way.
    const found = ['server', 'app']
      .flatMap(sourceFiles)
      .filter((file) => /\bcentsToAmount\(/.test(fs.readFileSync(path.join(projectRoot, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('sees the hand conversions it looks for', () => {
    for (const sample of ['Math.round(entry.rate * 100)', 'rateBp / 100', 'formatMoney(cents/100, currency, locale)', 'value *100']) {
      expect(byHundred.test(sample), sample).toBe(true);
    }
    for (const sample of ['amount * 1000', 'x / 100_000', 'ratio / 10.5', 'const limit = 100;']) expect(byHundred.test(sample), sample).toBe(false);
  });
});
