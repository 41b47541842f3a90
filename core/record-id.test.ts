import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxRecordId, parseRecordId, recordId } from './record-id.ts';

describe('a record id', () => {
  it.each([
    ['digits', '17', 17],
    ['a JSON number', 17, 17],
    ['the largest id, as digits', '2147483647', maxRecordId],
    ['the largest id, as a number', 2_147_483_647, maxRecordId],
    ['1e3 as a JSON number (the number 1000: JSON cannot tell)', 1e3, 1000],
  ])('%s is read', (_case, value, expected) => {
    expect(parseRecordId(value)).toBe(expected);
  });

  it.each([
    ['one past the databases’ integer', '2147483648'],
    ['one past the databases’ integer, as a number', 2_147_483_648],
    ['2^53', String(2 ** 53)],
    ['2^53 as a number', 2 ** 53],
    ['zero', '0'],
    ['zero as a number', 0],
    ['negative zero', -0],
    ['a sign', '-1'],
    ['a plus sign', '+1'],
    ['a negative number', -1],
    ['an exponent', '1e3'],
    ['a leading zero', '007'],
    ['a decimal point', '1.0'],
    ['a fraction', 1.5],
    ['hex', '0x10'],
    ['a space', ' 7'],
    ['a trailing newline', '7\n'],
    ['eleven digits', '99999999999'],
    ['nothing', ''],
    ['a word', 'abc'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['null', null],
    ['undefined', undefined],
    ['true', true],
    ['an array', [7]],
    ['an object', { id: 7 }],
  ])('%s is no id', (_case, value) => {
    expect(parseRecordId(value)).toBeNull();
  });

  it('has one schema: missing is required, anything else invalid, both at the field', () => {
    const body = z.object({ id: recordId, other: recordId.nullish() });
    expect(body.parse({ id: '12', other: null })).toEqual({ id: 12, other: null });
    expect(body.parse({ id: 12 })).toEqual({ id: 12 });
    expect(body.safeParse({}).error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[['id'], 'validation.required']]);
    expect(body.safeParse({ id: 2_147_483_648, other: '007' }).error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['id'], 'validation.invalid'],
      [['other'], 'validation.invalid'],
    ]);
  });
});
