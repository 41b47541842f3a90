import type { ErpLoadEffects } from '../erp/erp-loads.ts';

// What a load job's chunks changed, told to the request thread's caches (job-runner-host.ts). A job commits
// a chunk several times a second; forgetting the catalogue's trees, counts and answers after each would
// leave the storefront computing every answer anew for as long as the job runs. So a change of the catalogue
// is told at once when it is the first for a while, and the changes that follow within `windowMs` are told
// once, at the end of that window: a buyer sees a job's change at most `windowMs` after its commit (another
// process of the shop sees it after its caches' lifetime anyway, server/cache.ts). Changes of companies,
// sessions and the configuration are rare in a job and may end a buyer's access: they are told at once.

/** How late at most a job's change of the catalogue reaches the request thread's caches. */
export const catalogChangeWindowMs = 1_000;

export interface CoalescedEffects extends ErpLoadEffects {
  /** Tells a change still waiting for its window now (the thread ended). */
  flush(): void;
}

export function coalescedEffects(target: ErpLoadEffects, windowMs = catalogChangeWindowMs): CoalescedEffects {
  let quietFrom = 0;
  let pending: NodeJS.Timeout | undefined;
  const tell = () => {
    clearTimeout(pending);
    pending = undefined;
    quietFrom = performance.now() + windowMs;
    target.catalogChanged();
  };
  return {
    catalogChanged() {
      if (pending) return;
      const wait = quietFrom - performance.now();
      if (wait <= 0) tell();
      else pending = setTimeout(tell, wait);
    },
    companiesChanged: () => target.companiesChanged(),
    sessionsChanged: () => target.sessionsChanged(),
    configurationChanged: () => target.configurationChanged(),
    flush() {
      if (pending) tell();
    },
  };
}
