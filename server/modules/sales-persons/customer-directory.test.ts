import { describe, expect, it } from 'vitest';
import { createCustomerDirectory, type DirectoryVersion } from './customer-directory.ts';
import type { ServedCompany } from './customer-search.ts';

/** The directory's source as the tables would answer it, counting what it is asked. */
function tables() {
  const state = {
    version: { companies: 1, assignments: 1 } as DirectoryVersion,
    companies: [
      { id: 1, customerNo: '10001', name: 'Muster Baubedarf GmbH' },
      { id: 2, customerNo: '10002', name: 'Alpen Handel AG' },
      { id: 3, customerNo: '10003', name: 'Werkstatt Meier KG' },
    ] as ServedCompany[],
    served: new Map<number, number[]>([
      [7, [3, 1, 99]],
      [8, [2]],
      [9, [1, 2, 3]],
    ]),
    reads: { companies: 0, served: 0 },
  };
  const source = {
    version: async () => ({ ...state.version }),
    tenantCompanies: async () => {
      state.reads.companies++;
      return [...state.companies];
    },
    servedCompanyIds: async (userId: number) => {
      state.reads.served++;
      return state.served.get(userId) ?? [];
    },
  };
  return { state, source };
}

const names = (index: { byName: readonly { company: ServedCompany }[] }) => index.byName.map((entry) => entry.company.name);
const numbers = (index: { byNumber: readonly { company: ServedCompany }[] }) => index.byNumber.map((entry) => entry.company.customerNo);

describe('createCustomerDirectory', () => {
  it('picks the sales person’s companies in name and number order, leaving out ids it does not know', async () => {
    const { source } = tables();
    const directory = createCustomerDirectory(source, { maxSalesPersons: 10 });
    const index = await directory.companiesOf(1, 7);
    expect(names(index)).toEqual(['Muster Baubedarf GmbH', 'Werkstatt Meier KG']);
    expect(numbers(index)).toEqual(['10001', '10003']);
  });

  it('reads nothing again while the counters stand, and shares one build between requests at the same time', async () => {
    const { state, source } = tables();
    const directory = createCustomerDirectory(source, { maxSalesPersons: 10 });
    await Promise.all([directory.companiesOf(1, 7), directory.companiesOf(1, 7), directory.companiesOf(1, 8)]);
    await directory.companiesOf(1, 7);
    expect(state.reads).toEqual({ companies: 1, served: 2 });
  });

  it('reads the assignments again when they changed, and the companies too when they did', async () => {
    const { state, source } = tables();
    const directory = createCustomerDirectory(source, { maxSalesPersons: 10 });
    await directory.companiesOf(1, 7);
    state.served.set(7, [2]);
    state.version = { companies: 1, assignments: 2 };
    expect(names(await directory.companiesOf(1, 7))).toEqual(['Alpen Handel AG']);
    expect(state.reads).toEqual({ companies: 1, served: 2 });
    state.companies[1] = { id: 2, customerNo: '10002', name: 'Alpen Großhandel AG' };
    state.version = { companies: 2, assignments: 2 };
    expect(names(await directory.companiesOf(1, 7))).toEqual(['Alpen Großhandel AG']);
    expect(state.reads).toEqual({ companies: 2, served: 3 });
  });

  it('keeps the most recently searching sales persons and forgets the longest idle one', async () => {
    const { state, source } = tables();
    const directory = createCustomerDirectory(source, { maxSalesPersons: 2 });
    await directory.companiesOf(1, 7);
    await directory.companiesOf(1, 8);
    await directory.companiesOf(1, 7);
    await directory.companiesOf(1, 9);
    expect(state.reads.served).toBe(3);
    await directory.companiesOf(1, 7);
    expect(state.reads.served).toBe(3);
    await directory.companiesOf(1, 8);
    expect(state.reads.served).toBe(4);
  });

  it('does not remember a failed read', async () => {
    const { state, source } = tables();
    let failNext = true;
    const directory = createCustomerDirectory(
      {
        ...source,
        tenantCompanies: async () => {
          if (failNext) {
            failNext = false;
            throw new Error('connection lost');
          }
          return source.tenantCompanies();
        },
      },
      { maxSalesPersons: 10 },
    );
    await expect(directory.companiesOf(1, 7)).rejects.toThrow('connection lost');
    expect(names(await directory.companiesOf(1, 7))).toEqual(['Muster Baubedarf GmbH', 'Werkstatt Meier KG']);
    expect(state.reads.companies).toBe(1);
  });
});
