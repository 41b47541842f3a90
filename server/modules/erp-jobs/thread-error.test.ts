import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { errorFromThread, threadErrorOf } from './job-runner-host.ts';

// An error of a load on the worker thread crosses to the request thread as plain data (a class does not).
describe('an error crossing from the worker thread', () => {
  it('keeps an AppError’s answer: status, message key, field, params and details', () => {
    const thrown = new AppError('conflict', 'erp.document.number.taken', { field: 'number', params: { number: 'R-1' }, details: { id: 7 } });
    const back = errorFromThread(structuredClone(threadErrorOf(thrown)));
    expect(back).toBeInstanceOf(AppError);
    expect(back).toMatchObject({ statusCode: 409, messageKey: 'erp.document.number.taken', field: 'number', params: { number: 'R-1' }, details: { id: 7 } });
    expect(back.stack).toBe(thrown.stack);
  });

  it('turns any other error into a plain one with its message, answered as a 500', () => {
    const back = errorFromThread(structuredClone(threadErrorOf(new TypeError('no such column'))));
    expect(back).not.toBeInstanceOf(AppError);
    expect(back.message).toBe('no such column');
    expect(errorFromThread(threadErrorOf('a string')).message).toBe('a string');
  });
});
