import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectFilesUnder, projectRoot, sourceFile } from '../../../tests/support/project-files.ts';

// Who may do what is decided in server/modules/access only. Elsewhere in the server and the pages, code
// asks the policy (requireAccess, meetsRequirement and the named predicates) instead of reading the
// caller's role or writing a guard of its own: a rule written twice starts to disagree.

const accessDir = 'server/modules/access';

const breaches: { rule: string; pattern: RegExp }[] = [
  { rule: "reads the caller's role", pattern: /\bidentity\??\.role\b/ },
  { rule: "takes the caller's role apart", pattern: /\{[^}]*\brole\b[^}]*\}\s*=\s*(?:\w+\.)*identity\b/ },
  { rule: 'declares a guard of its own', pattern: /\b(?:function\s+require[A-Z]\w*\s*[(<]|(?:const|let)\s+require[A-Z]\w*\s*=)/ },
];

const sourceFiles = (directory: string) => projectFilesUnder(directory, { name: sourceFile, skip: [accessDir] });

/** Each line of a source that breaks a rule, as `file:line rule`. */
export function breachesIn(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, index) => breaches.filter(({ pattern }) => pattern.test(line)).map(({ rule }) => `${file}:${index + 1} ${rule}`));
}

describe('the access boundary', () => {
  it('leaves every access decision to server/modules/access', () => {
    const found = ['server', 'app', 'core'].flatMap(sourceFiles).flatMap((file) => breachesIn(file, readFileSync(path.join(projectRoot, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('notices a role compared, a role taken apart and a guard written elsewhere', () => {
    const source = [
      "if (ctx.identity.role === 'guest') throw new AppError('forbidden', 'error.forbidden');",
      'const { companyId, role } = ctx.identity;',
      'export function requireShopper(ctx: RequestContext) {',
      "if (app.ctx.identity?.role !== 'admin') return null;",
      "const isGuest = user.role === 'guest';",
    ].join('\n');
    expect(breachesIn('server/modules/basket/shopper.ts', source)).toEqual([
      "server/modules/basket/shopper.ts:1 reads the caller's role",
      "server/modules/basket/shopper.ts:2 takes the caller's role apart",
      'server/modules/basket/shopper.ts:3 declares a guard of its own',
      "server/modules/basket/shopper.ts:4 reads the caller's role",
    ]);
  });
});
