import { indexCustomers, type CustomerIndex, type ServedCompany } from './customer-search.ts';

// What a sales person's customer search runs over (ADR 0015), kept in memory and checked on every search
// against the tenant's counters of migration 0030, so it is never out of date and never rebuilt for nothing:
//  - the tenant's directory: every company folded and ordered once (tens of milliseconds for 25,000),
//    rebuilt when a company was added, removed, renamed or renumbered;
//  - each sales person's share of it: their served companies picked out of the directory's orders (a
//    read of their ids and a sort of integers, a few milliseconds for 5,000), rebuilt when the directory
//    was or an assignment changed. The most recently searching `maxSalesPersons` are kept.
// A counter read before the rows it guards: a change in between makes the rows newer than their counter,
// and the next search rebuilds once more. Never the other way round.

export interface DirectoryVersion {
  companies: number;
  assignments: number;
}

export interface CustomerDirectorySource {
  version(tenantId: number): Promise<DirectoryVersion>;
  tenantCompanies(tenantId: number): Promise<ServedCompany[]>;
  servedCompanyIds(userId: number): Promise<number[]>;
}

interface TenantDirectory {
  index: CustomerIndex;
  /** A company's place in index.byName and in index.byNumber. */
  places: Map<number, { name: number; number: number }>;
}

interface SalesPersonShare {
  version: DirectoryVersion;
  index: Promise<CustomerIndex>;
}

function buildDirectory(list: readonly ServedCompany[]): TenantDirectory {
  const index = indexCustomers(list);
  const places = new Map<number, { name: number; number: number }>();
  index.byName.forEach((entry, name) => places.set(entry.company.id, { name, number: -1 }));
  index.byNumber.forEach((entry, number) => {
    places.get(entry.company.id)!.number = number;
  });
  return { index, places };
}

/** The served companies in the directory's two orders: positions sorted as integers, then looked up. */
function shareOf(directory: TenantDirectory, servedIds: readonly number[]): CustomerIndex {
  // A company of another tenant has no place: never served, whatever the assignment says.
  const found = servedIds.map((id) => directory.places.get(id)).filter((place) => place !== undefined);
  const names = Int32Array.from(found, (place) => place.name).sort();
  const numbers = Int32Array.from(found, (place) => place.number).sort();
  return { byName: Array.from(names, (at) => directory.index.byName[at]!), byNumber: Array.from(numbers, (at) => directory.index.byNumber[at]!) };
}

const sameVersion = (a: DirectoryVersion, b: DirectoryVersion) => a.companies === b.companies && a.assignments === b.assignments;

export function createCustomerDirectory(source: CustomerDirectorySource, options: { maxSalesPersons: number }) {
  const directories = new Map<number, { companies: number; built: Promise<TenantDirectory> }>();
  // In order of last use: the first entry is the one to forget.
  const shares = new Map<string, SalesPersonShare>();

  /** The directory at this counter or a later one; requests arriving during a build wait for the same one. */
  function directoryOf(tenantId: number, companies: number): Promise<TenantDirectory> {
    const known = directories.get(tenantId);
    if (known && known.companies >= companies) return known.built;
    const built = source.tenantCompanies(tenantId).then((list) => buildDirectory(list));
    directories.set(tenantId, { companies, built });
    built.catch(() => directories.get(tenantId)?.built === built && directories.delete(tenantId));
    return built;
  }

  return {
    /** The sales person's companies, ready to search; rebuilt only when the tenant's counters moved. */
    async companiesOf(tenantId: number, userId: number): Promise<CustomerIndex> {
      const version = await source.version(tenantId);
      const key = `${tenantId}:${userId}`;
      const known = shares.get(key);
      shares.delete(key);
      if (known && sameVersion(known.version, version)) {
        shares.set(key, known);
        return known.index;
      }
      const index = Promise.all([directoryOf(tenantId, version.companies), source.servedCompanyIds(userId)]).then(([directory, ids]) => shareOf(directory, ids));
      shares.set(key, { version, index });
      index.catch(() => shares.get(key)?.index === index && shares.delete(key));
      if (shares.size > options.maxSalesPersons) shares.delete(shares.keys().next().value!);
      return index;
    },

    /** Forgets everything (tests). */
    clear(): void {
      directories.clear();
      shares.clear();
    },
  };
}
