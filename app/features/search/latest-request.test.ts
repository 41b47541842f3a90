import { describe, expect, it } from 'vitest';
import { createLatestRequestGuard } from './latest-request';

/** A promise the test resolves by hand, to let answers arrive in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('createLatestRequestGuard', () => {
  it('lets only the newest request count, and aborts the one before', () => {
    const guard = createLatestRequestGuard();
    const first = guard.start();
    expect(first.isCurrent()).toBe(true);
    const second = guard.start();
    expect(first.isCurrent()).toBe(false);
    expect(first.signal.aborted).toBe(true);
    expect(second.isCurrent()).toBe(true);
    expect(second.signal.aborted).toBe(false);
  });

  it('drops every answer after a cancel', () => {
    const guard = createLatestRequestGuard();
    const ticket = guard.start();
    guard.cancel();
    expect(ticket.isCurrent()).toBe(false);
    expect(ticket.signal.aborted).toBe(true);
    expect(guard.start().isCurrent()).toBe(true);
  });

  it('never lets an older answer that arrives last replace a newer one', async () => {
    const guard = createLatestRequestGuard();
    const shown: string[] = [];
    const ask = (answer: Promise<string>) => {
      const ticket = guard.start();
      return answer.then((text) => {
        if (ticket.isCurrent()) shown.push(text);
      });
    };
    const slow = deferred<string>();
    const fast = deferred<string>();
    const done = [ask(slow.promise), ask(fast.promise)];
    fast.resolve('bohrs');
    slow.resolve('bohr');
    await Promise.all(done);
    expect(shown).toEqual(['bohrs']);
  });
});
