import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput } from './validation.ts';

const schema = z.object({
  name: z.string().trim().min(1).max(5),
  code: z.string().min(3, 'validation.code_too_short').optional(),
  nested: z.object({ path: z.string() }).optional(),
});

function errorOf(input: unknown) {
  try {
    parseInput(schema, input);
  } catch (error) {
    return error as { messageKey: string; field?: string; statusCode: number };
  }
  throw new Error('expected a validation error');
}

describe('parseInput', () => {
  it('returns the parsed value', () => {
    expect(parseInput(schema, { name: ' Anna ' })).toEqual({ name: 'Anna' });
  });

  it.each([
    ['no input at all', undefined, 'name', 'validation.required'],
    ['a missing field', {}, 'name', 'validation.required'],
    ['an empty string', { name: '  ' }, 'name', 'validation.required'],
    ['a wrong type', { name: 3 }, 'name', 'validation.invalid'],
    ['too long', { name: 'abcdef' }, 'name', 'validation.too_long'],
    ['a schema’s own key', { name: 'a', code: 'x' }, 'code', 'validation.code_too_short'],
    ['a nested field', { name: 'a', nested: {} }, 'nested.path', 'validation.required'],
  ])('reports %s with field and key', (_name, input, field, key) => {
    const error = errorOf(input);
    expect(error.statusCode).toBe(400);
    expect(error.field).toBe(field);
    expect(error.messageKey).toBe(key);
  });
});
