import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { projectFilesUnder, projectRoot } from '../tests/support/project-files.ts';

// Comments, test names and documents say the rule itself or point at docs/product.md: a reader of the
// repository cannot open an issue tracker's number, a section of a specification kept elsewhere, or the
// design and architecture notes the shop was first built from.
// This test keeps it so for every text file the project writes.

const scannedFolders = ['app', 'core', 'server', 'tests', 'scripts', 'bench', 'docs'];
const scannedFiles = ['README.md'];
const textFile = /\.(ts|tsx|js|mjs|cjs|md|json|css|html|ya?ml|sql)$/;
const thisFile = relative(projectRoot, fileURLToPath(import.meta.url));

/**
 * "issue 12", "issues 10 and 11", "Issue #21"; "spec section 4", "Spec sections 2, 4 and 7", "specification
 * section 9"; DESIGN.md and ARCHITECTURE.md, which are not in the repository.
 */
const untraceableReference = /\bissues? #?\d|\bspec(?:ification)?(?:'s)? sections? \d|\b(?:DESIGN|ARCHITECTURE)\.md\b/i;

function untraceableReferences(text: string): number[] {
  return text.split('\n').flatMap((line, index) => (untraceableReference.test(line) ? [index + 1] : []));
}

const filesUnder = (folder: string) => projectFilesUnder(folder, { name: textFile });

describe('references a reader cannot follow', () => {
  it.each([
    ['// The order history (issue 11): the list', [1]],
    ['// Orders (issues 10 and 11)', [1]],
    ['# One home for every rule (Issue #21)', [1]],
    ['// The cart of spec section 4', [1]],
    ['// Blocked accounts (Spec sections 6 and 8)', [1]],
    ["// the specification's section 9 says", [1]],
    ['// Disabled buttons explain why (DESIGN.md)', [1]],
    ['// One module computes every amount (ARCHITECTURE.md, "The money path")', [1]],
    ['// The cart (docs/product.md, Cart)\n// an issue of the catalogue\nparsed.error.issues.map((issue) => issue.path)', []],
  ])('%s → lines %j', (text, lines) => {
    expect(untraceableReferences(text)).toEqual(lines);
  });

  it('none in the code, tests, scripts, benchmarks and documents', () => {
    const files = [...scannedFolders.flatMap(filesUnder), ...scannedFiles].filter((path) => path !== thisFile);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) => untraceableReferences(readFileSync(join(projectRoot, path), 'utf8')).map((line) => `${path}:${line}`));
    expect(found, 'state the rule, or point at a section of docs/product.md').toEqual([]);
  });
});
