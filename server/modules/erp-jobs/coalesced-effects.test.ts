import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErpLoadEffects } from '../erp/erp-loads.ts';
import { coalescedEffects } from './coalesced-effects.ts';

function recorder() {
  const told: string[] = [];
  const target: ErpLoadEffects = {
    catalogChanged: () => void told.push('catalog'),
    companiesChanged: () => void told.push('companies'),
    sessionsChanged: () => void told.push('sessions'),
    configurationChanged: () => void told.push('configuration'),
  };
  return { told, target };
}

describe('a load job’s changes told to the request thread', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('tells the first change of the catalogue at once and the ones within the window once, at its end', () => {
    const { told, target } = recorder();
    const effects = coalescedEffects(target, 1000);
    effects.catalogChanged();
    expect(told).toEqual(['catalog']);
    vi.advanceTimersByTime(100);
    effects.catalogChanged();
    vi.advanceTimersByTime(300);
    effects.catalogChanged();
    expect(told).toEqual(['catalog']);
    vi.advanceTimersByTime(600);
    expect(told).toEqual(['catalog', 'catalog']);
    vi.advanceTimersByTime(5000);
    expect(told).toEqual(['catalog', 'catalog']);
  });

  it('tells a change after a quiet window at once again', () => {
    const { told, target } = recorder();
    const effects = coalescedEffects(target, 1000);
    effects.catalogChanged();
    vi.advanceTimersByTime(1500);
    effects.catalogChanged();
    expect(told).toEqual(['catalog', 'catalog']);
  });

  it('tells changes of companies, sessions and the configuration at once, every time', () => {
    const { told, target } = recorder();
    const effects = coalescedEffects(target, 1000);
    effects.sessionsChanged();
    effects.sessionsChanged();
    effects.companiesChanged();
    effects.configurationChanged();
    expect(told).toEqual(['sessions', 'sessions', 'companies', 'configuration']);
  });

  it('tells a change still waiting when flushed, and nothing when none waits', () => {
    const { told, target } = recorder();
    const effects = coalescedEffects(target, 1000);
    effects.flush();
    expect(told).toEqual([]);
    effects.catalogChanged();
    effects.catalogChanged();
    effects.flush();
    expect(told).toEqual(['catalog', 'catalog']);
    vi.advanceTimersByTime(5000);
    expect(told).toEqual(['catalog', 'catalog']);
  });
});
