import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInputsFile } from './build-inputs.ts';
import { builtEntry, staleBuildReason } from './build-staleness.ts';

// `npm start` rebuilds when a file the build was made from changed, wherever it lives: a server/
// module that the browser bundle carries a copy of counts like a page; a server/ module the built
// pages import at run time does not.

let root: string;
const builtAt = new Date('2026-11-25T10:00:00Z');
const before = new Date('2026-11-25T09:00:00Z');
const after = new Date('2026-11-25T11:00:00Z');

function write(file: string, time: Date, text = '') {
  const target = path.join(root, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
  fs.utimesSync(target, time, time);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-staleness-'));
  for (const file of ['app/root.tsx', 'core/money.ts', 'server/modules/auth/password-policy.ts', 'server/api/order/order-input.ts', 'vite.config.ts']) write(file, before);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function build(inputs: string[]) {
  write(buildInputsFile, builtAt, JSON.stringify({ files: inputs }));
  write(builtEntry, builtAt);
}

describe('staleBuildReason', () => {
  it('builds when there is no build', () => {
    expect(staleBuildReason(root)).toBe('no build yet');
  });

  it('builds when the build does not say what it was made from', () => {
    write(builtEntry, builtAt);
    expect(staleBuildReason(root)).toBe('no build yet');
  });

  it('keeps a build newer than everything it was made from', () => {
    build(['app/root.tsx', 'core/money.ts', 'server/modules/auth/password-policy.ts', 'vite.config.ts']);
    expect(staleBuildReason(root)).toBeNull();
  });

  it('builds again after a change in a server/ module the bundle carries', () => {
    build(['app/root.tsx', 'core/money.ts', 'server/modules/auth/password-policy.ts', 'vite.config.ts']);
    write('server/modules/auth/password-policy.ts', after, 'changed');
    expect(staleBuildReason(root)).toBe('server/modules/auth/password-policy.ts changed');
  });

  it('builds again after a change in a page or the build configuration', () => {
    build(['app/root.tsx', 'vite.config.ts']);
    write('vite.config.ts', after, 'changed');
    expect(staleBuildReason(root)).toBe('vite.config.ts changed');
  });

  it('builds again when a file the build was made from is gone', () => {
    build(['app/root.tsx', 'app/routes/gone.tsx']);
    expect(staleBuildReason(root)).toBe('app/routes/gone.tsx is gone');
  });

  it('keeps the build after a change in a server/ module the pages import at run time', () => {
    build(['app/root.tsx']);
    write('server/api/order/order-input.ts', after, 'changed');
    expect(staleBuildReason(root)).toBeNull();
  });
});
