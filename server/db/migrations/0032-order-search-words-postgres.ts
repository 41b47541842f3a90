import { sql, type Kysely } from 'kysely';
import { engineOf } from '../migration-helpers.ts';

// The order search by words on PostgreSQL (ADR 0014), like SQLite's orders_words (migration 0031).
// The trigram index of ' ' || search_text (migration 0022) serves a rare term, but a word in thousands of a
// company's orders ("lindner", the "mat" of every sku) left the search to walk the company's orders and
// check each one's text until it had counted 1,000 matches: 4–10 ms of database time a request at 20,000
// orders. Now the words of an order's lines are rows under its company and user: each word (kind 1) and
// each two neighbouring words (kind 2, "mat 000257"), so a term of one or two words, the last cut short,
// is a range of one index however common its words are; a longer term is looked up by its last two.
// Kept by a row trigger, like the catalogue's derived data (ADR 0007): every writer of orders keeps it.

const statements = [
  // What an order is found under: its words and its pairs of neighbouring words.
  `create function order_search_terms(search_text text) returns table (kind integer, term text) language sql immutable as $$
     with words as (select string_to_array(search_text, ' ') as w)
     select 1, word from words, unnest(w) as word where word <> ''
     union
     select 2, w[i] || ' ' || w[i + 1] from words, generate_series(1, cardinality(w) - 1) as i
   $$`,
  // The byte order ("C") makes a term's start a range of the index.
  `create table order_search_words (
     company_id integer not null,
     user_id integer not null,
     kind integer not null,
     term text collate "C" not null,
     order_id integer not null,
     primary key (company_id, kind, term, order_id)
   )`,
  `create index order_search_words_user_idx on order_search_words (company_id, user_id, kind, term, order_id)`,
  `insert into order_search_words (company_id, user_id, kind, term, order_id)
     select o.company_id, coalesce(o.user_id, 0), t.kind, t.term, o.id from orders o cross join lateral order_search_terms(o.search_text) t`,
  `create function order_search_words_sync() returns trigger language plpgsql as $$
   begin
     if tg_op in ('UPDATE', 'DELETE') then
       delete from order_search_words w using order_search_terms(old.search_text) t
         where w.company_id = old.company_id and w.kind = t.kind and w.term = t.term and w.order_id = old.id;
     end if;
     if tg_op in ('INSERT', 'UPDATE') then
       insert into order_search_words (company_id, user_id, kind, term, order_id)
         select new.company_id, coalesce(new.user_id, 0), t.kind, t.term, new.id from order_search_terms(new.search_text) t;
     end if;
     return null;
   end $$`,
  `create trigger order_search_words_insert after insert or delete on orders for each row execute function order_search_words_sync()`,
  // A status change writes the order again; only a change of what is indexed rewrites its words.
  `create trigger order_search_words_update after update of company_id, user_id, search_text on orders for each row
     when (old.company_id is distinct from new.company_id or old.user_id is distinct from new.user_id or old.search_text is distinct from new.search_text)
     execute function order_search_words_sync()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const trigger of ['order_search_words_insert', 'order_search_words_update']) await sql.raw(`drop trigger ${trigger} on orders`).execute(db);
  await sql`drop function order_search_words_sync()`.execute(db);
  await sql`drop table order_search_words`.execute(db);
  await sql`drop function order_search_terms(text)`.execute(db);
}
