// Finding a customer among the companies a sales person serves (GET /api/user/salesPersonCustomers):
// what a sales person types — a customer number or part of it, the start of a company name or any part
// of it — in any case, with or without umlauts ("Mül", "muel" and "mul" all find "Müller"). At most
// `limit` answers, best first:
//   1. customer numbers starting with the term, in customer-number order;
//   2. names starting with it, 3. names with a word starting with it, 4. names or customer numbers
//      containing it — each in name order.
// An empty term lists the first companies by name. The list is searched in memory (ADR 0015): a sales
// person's companies are a few thousand at most, and one pass over them costs a fraction of a
// millisecond, where a LIKE over the same rows costs more than a millisecond on either engine.

export interface ServedCompany {
  id: number;
  customerNo: string;
  name: string;
}

interface Entry {
  company: ServedCompany;
  no: string;
  name: string;
  order: string;
  numberOrder: string;
}

export interface CustomerIndex {
  byName: readonly Entry[];
  byNumber: readonly Entry[];
}

const spelledOut: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
// Anything but printable ASCII (umlauts, accents, a stray tab) takes the slower Unicode path.
const nonAscii = /[^ -~]/;
const untidySpace = /\s\s|^\s|\s$|[^\S ]/;

/** Lower case, umlauts spelled out (ä → ae), other accents dropped, runs of spaces as one. */
export function foldForSearch(text: string): string {
  let folded = text.toLowerCase();
  // Most names are plain ASCII: the Unicode normalisation (the costly part) only where needed.
  if (nonAscii.test(folded)) {
    folded = folded
      .replace(/[äöüß]/g, (char) => spelledOut[char] ?? char)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
  }
  return untidySpace.test(folded) ? folded.replace(/\s+/g, ' ').trim() : folded;
}

/** How names are ordered: German dictionary order (ä as a, DIN 5007-1), compared as plain strings. */
function orderKey(text: string): string {
  const lower = text.toLowerCase();
  return nonAscii.test(lower) ? lower.replace(/ß/g, 'ss').normalize('NFD').replace(/[\u0300-\u036f]/g, '') : lower;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const allDigits = /^\d+$/;
/** Customer numbers of digits in numeric order (9 before 10, padded), others as text after them. */
const numberKey = (customerNo: string) => (allDigits.test(customerNo) ? customerNo.padStart(20, '0') : customerNo);

/**
 * The key a name is compared by: folded, and a vowel followed by "e" as the vowel alone, on both sides of
 * the comparison, so "Müller" (folded "mueller"), "muel", "mül" and "mul" all meet at "mull…".
 */
function nameKey(text: string): string {
  return foldForSearch(text).replace(/([aou])e/g, '$1');
}

/**
 * The list a sales person's searches run over, built once per list read: every company's folded number and
 * name, in name order and in number order. Plain string comparisons of precomputed keys (an Intl.Collator
 * took ten times as long for 5,000 names, and this runs on the request that reads the list).
 */
export function indexCustomers(companies: readonly ServedCompany[]): CustomerIndex {
  const entries = companies.map((company) => ({
    company,
    no: foldForSearch(company.customerNo),
    name: nameKey(company.name),
    order: orderKey(company.name),
    numberOrder: numberKey(company.customerNo),
  }));
  const byName = [...entries].sort((a, b) => byText(a.order, b.order) || byText(a.numberOrder, b.numberOrder));
  const byNumber = [...entries].sort((a, b) => byText(a.numberOrder, b.numberOrder));
  return { byName, byNumber };
}

function startsAWord(name: string, term: string): boolean {
  for (let at = name.indexOf(term); at > 0; at = name.indexOf(term, at + 1)) {
    if (!/[\p{L}\p{N}]/u.test(name[at - 1] ?? '')) return true;
  }
  return false;
}

export function searchCustomers(index: CustomerIndex, term: string, limit: number): ServedCompany[] {
  const folded = foldForSearch(term);
  if (folded === '') return index.byName.slice(0, limit).map((entry) => entry.company);
  const key = nameKey(term);

  const found: ServedCompany[] = [];
  const taken = new Set<number>();
  for (const entry of index.byNumber) {
    if (found.length === limit) return found;
    if (entry.no.startsWith(folded)) {
      found.push(entry.company);
      taken.add(entry.company.id);
    }
  }

  // One pass in name order, sorting each company into its rank; once the first rank alone fills the
  // answer, nothing later can get in.
  const ranks: [ServedCompany[], ServedCompany[], ServedCompany[]] = [[], [], []];
  const room = limit - found.length;
  for (const entry of index.byName) {
    if (ranks[0].length >= room) break;
    if (taken.has(entry.company.id)) continue;
    const rank = entry.name.startsWith(key) ? ranks[0] : startsAWord(entry.name, key) ? ranks[1] : entry.name.includes(key) || entry.no.includes(folded) ? ranks[2] : null;
    if (rank && rank.length < room) rank.push(entry.company);
  }
  return [...found, ...ranks.flat()].slice(0, limit);
}

/** How the selector shows a company: "10001 · Muster Baubedarf GmbH". */
export function translatedCompanyName(company: Pick<ServedCompany, 'customerNo' | 'name'>): string {
  return `${company.customerNo} · ${company.name}`;
}
