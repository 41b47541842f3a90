import { sql, type Kysely } from 'kysely';
import { createStatementTriggers, dropStatementTriggers, engineOf, type StatementTrigger } from '../migration-helpers.ts';

// The words of the product names, for correcting typos in search keys (ADR 0008), kept by the
// database so the shop reads a few thousand distinct words instead of every product name:
// - SQLite: a contentless FTS5 word index over the names (and the names with umlauts written out);
//   its vocabulary (fts5vocab) is the distinct words.
// - PostgreSQL: a table of distinct folded words, filled by a trigger. Words are never removed: a word
//   no product has any more only offers a correction that finds nothing.
// Words of every tenant share one list; a correction only widens what the tenant's own products match.

const writtenOut = (column: string) =>
  `replace(replace(replace(replace(replace(replace(replace(${column}, 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue'), 'ß', 'ss')`;
const namesOf = (p: string) => `${p}.name || ' ' || coalesce(${p}.name_en, '') || ' ' || ${writtenOut(`${p}.name`)}`;

const sqliteTriggers = [
  `CREATE TRIGGER search_words_insert AFTER INSERT ON products BEGIN
     INSERT INTO product_words (rowid, names) VALUES (NEW.id, ${namesOf('NEW')});
   END`,
  `CREATE TRIGGER search_words_update AFTER UPDATE OF name, name_en ON products BEGIN
     INSERT INTO product_words (product_words, rowid, names) VALUES ('delete', OLD.id, ${namesOf('OLD')});
     INSERT INTO product_words (rowid, names) VALUES (NEW.id, ${namesOf('NEW')});
   END`,
  `CREATE TRIGGER search_words_delete AFTER DELETE ON products BEGIN
     INSERT INTO product_words (product_words, rowid, names) VALUES ('delete', OLD.id, ${namesOf('OLD')});
   END`,
];

const foldedAccents = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ';
const plainLetters = 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy';
export const insertPostgresWords = (rows: string) => `
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM ${rows} p,
    regexp_split_to_table(lower(replace(translate(${namesOf('p')}, '${foldedAccents}', '${plainLetters}'), 'ß', 'ss')), '[^[:alpha:]]+') w
   WHERE length(w) >= 5
  ON CONFLICT DO NOTHING`;

const postgresTriggers = [
  ['search_words_products_insert', 'INSERT', 'products', 'NEW TABLE AS new_rows', 'search_words_products_changed'],
  ['search_words_products_update', 'UPDATE', 'products', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'search_words_products_changed'],
] as const satisfies readonly StatementTrigger[];

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    await sql.raw(`CREATE VIRTUAL TABLE product_words USING fts5(names, content = '', tokenize = 'unicode61 remove_diacritics 2')`).execute(db);
    await sql.raw(`CREATE VIRTUAL TABLE product_words_vocab USING fts5vocab(product_words, 'row')`).execute(db);
    await sql.raw(`INSERT INTO product_words (rowid, names) SELECT p.id, ${namesOf('p')} FROM products p`).execute(db);
    for (const statement of sqliteTriggers) await sql.raw(statement).execute(db);
    return;
  }
  await sql`CREATE TABLE search_words (word text PRIMARY KEY)`.execute(db);
  await sql.raw(insertPostgresWords('products')).execute(db);
  await sql
    .raw(`CREATE FUNCTION search_words_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${insertPostgresWords('new_rows')};
       RETURN NULL;
     END $$`)
    .execute(db);
  await createStatementTriggers(db, postgresTriggers);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    for (const name of ['search_words_insert', 'search_words_update', 'search_words_delete']) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
    await sql`DROP TABLE IF EXISTS product_words_vocab`.execute(db);
    await sql`DROP TABLE IF EXISTS product_words`.execute(db);
    return;
  }
  await dropStatementTriggers(db, postgresTriggers);
  await sql`DROP FUNCTION IF EXISTS search_words_products_changed()`.execute(db);
  await sql`DROP TABLE IF EXISTS search_words`.execute(db);
}
