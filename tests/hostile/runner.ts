import { answerProblems, type ProblemLog } from './assertions.ts';
import type { createDataGuard } from './data-guard.ts';
import type { Mutation } from './inputs.ts';
import type { Answer, HostileShop, Role, SentRequest, Surface } from './shop.ts';

// Sends mutations one at a time (the data guard needs that) as each role, and checks every answer.

export type DataGuard = Awaited<ReturnType<typeof createDataGuard>>;

export interface RunContext {
  shop: HostileShop;
  guard: DataGuard;
  log: ProblemLog;
}

/** The request as the role sends it: its Authorization header (API) or cookies (pages) added. */
export async function signed(shop: HostileShop, request: SentRequest, role: Role, surface: Surface, ownAuth = false): Promise<SentRequest> {
  if (ownAuth) return request;
  const auth = await shop.authHeaders(role, surface);
  return { ...request, headers: { ...auth, ...request.headers } };
}

export async function sendChecked(context: RunContext, label: string, request: SentRequest, surface: Surface): Promise<Answer> {
  const { answer, changed } = await context.guard.around(request.method, () => context.shop.send(request));
  context.log.requests++;
  const problems = answerProblems(request, answer, { surface });
  if (changed.length) problems.push(`data changed by a refused write: ${changed.join(', ')}`);
  context.log.add(label, request, answer, problems);
  return answer;
}

export async function runMutations(context: RunContext, mutations: readonly Mutation[], roles: readonly Role[], surface: Surface): Promise<void> {
  for (const role of roles) {
    for (const mutation of mutations) {
      const request = await signed(context.shop, mutation.request, role, surface, mutation.ownAuth);
      await sendChecked(context, `${mutation.cls} ${mutation.label} as ${role}`, request, surface);
    }
  }
}
