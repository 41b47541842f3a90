import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { translations } from '../../core/test-catalogues';
import { pageTitle, pageTitlesOf } from './page-title';

// A German-first shop: every page's document title comes from the catalogues (docs/product.md,
// Languages). A route's meta() holds no text of its own: it names a `page_title.*` key (pageTitle) or
// hands on what its loader translated.

const routesDir = path.join(import.meta.dirname, '../routes');
const routeFiles = fs.readdirSync(routesDir).filter((file) => /\.tsx?$/.test(file));

interface MetaText {
  literals: string[];
  titleKeys: string[];
}

const equalityOperators = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken]);

/** A literal a value is compared with (`loaderData.kind === 'listing'`) is no text shown. */
function isComparedWith(node: ts.Node): boolean {
  return ts.isBinaryExpression(node.parent) && equalityOperators.has(node.parent.operatorToken.kind);
}

/** The string literals in a route module's meta(), and the keys it passes to pageTitle(). */
function metaTextOf(file: string): MetaText | null {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(routesDir, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const meta = source.statements.find((statement): statement is ts.FunctionDeclaration => ts.isFunctionDeclaration(statement) && statement.name?.text === 'meta');
  if (!meta?.body) return null;
  const found: MetaText = { literals: [], titleKeys: [] };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'pageTitle') {
      const key = node.arguments[1];
      if (key && ts.isStringLiteral(key)) found.titleKeys.push(key.text);
      node.arguments.slice(2).forEach(visit);
      return;
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isComparedWith(node)) found.literals.push(node.text);
    if (ts.isTemplateExpression(node)) found.literals.push(node.getText());
    ts.forEachChild(node, visit);
  };
  visit(meta.body);
  return found;
}

const metas = routeFiles.map((file) => [file, metaTextOf(file)] as const).filter((entry): entry is readonly [string, MetaText] => entry[1] !== null);

describe('page titles', () => {
  it('finds the route modules with a meta()', () => {
    expect(metas.map(([file]) => file)).toEqual(expect.arrayContaining(['checkout.tsx', 'order-failed.tsx', 'my-account.order-history.detail.tsx']));
  });

  it.each(metas)('%s: meta() writes no title text of its own', (_file, meta) => {
    expect(meta.literals).toEqual([]);
  });

  it.each(metas.filter(([, meta]) => meta.titleKeys.length > 0))('%s: each title has a German and an English text', (_file, meta) => {
    for (const key of meta.titleKeys) {
      expect(translations.de[`page_title.${key}`], key).toBeTruthy();
      expect(translations.en[`page_title.${key}`], key).toBeTruthy();
    }
  });

  it('takes the title in the request’s language from the root’s data', () => {
    const root = (locale: 'de' | 'en') => ({ id: 'root', loaderData: { locale, pageTitles: pageTitlesOf(translations[locale]) } });
    expect(pageTitle([root('de')], 'checkout')).toEqual([{ title: 'Kasse' }]);
    expect(pageTitle([root('en')], 'order', { orderNumber: 'A-1' })).toEqual([{ title: 'Order A-1' }]);
    expect(pageTitle([root('de')], 'order', { orderNumber: 'A-1' })).toEqual([{ title: 'Bestellung A-1' }]);
  });

  it('hands the root only the titles of the catalogue', () => {
    expect(Object.keys(pageTitlesOf(translations.de)).every((key) => key.startsWith('page_title.'))).toBe(true);
  });
});
