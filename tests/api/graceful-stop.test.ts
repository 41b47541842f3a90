import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { copyTemplateDatabase, type TestDatabase } from '../setup/test-database.ts';
import { startAppProcess, stopAppProcess, type AppProcess } from './app-process-fixtures.ts';
import { errorCodeOf, httpRequest, pause, signInOver } from './http-traffic.ts';

// SIGTERM to an app process under a steady stream of keep-alive requests, as a load balancer's instance gets
// it: /readyz says 503 while everything else still answers, then the process closes, answers what it took
// and exits 0 well before its hard limit. A request that is in flight when the stop begins (a sign-in whose
// body is still on its way) gets its answer.

const drainMs = 1_500;
const timeoutMs = 15_000;
let database: TestDatabase;
let server: AppProcess | undefined;

beforeAll(async () => {
  database = await copyTemplateDatabase(inject('databaseTemplate'));
  server = await startAppProcess(database.url, { SHUTDOWN_DRAIN_MS: String(drainMs), SHUTDOWN_TIMEOUT_MS: String(timeoutMs) });
});

afterAll(async () => {
  await stopAppProcess(server);
  await database.drop();
});

interface Answered {
  status: number;
  at: number;
}

interface NotAnswered {
  code: string;
  at: number;
}

/** Requests one after another on one keep-alive connection at a time, until the server takes no more. */
async function streamRequests(port: number, authorization: string, paths: string[], answers: Answered[], failures: NotAnswered[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; ; i++) {
      try {
        const answer = await httpRequest(port, { path: paths[i % paths.length]!, authorization, agent });
        answers.push({ status: answer.status, at: performance.now() });
      } catch (error) {
        failures.push({ code: errorCodeOf(error), at: performance.now() });
        return;
      }
    }
  } finally {
    agent.destroy();
  }
}

/** A sign-in whose headers and first half of the body are sent now, the rest when the test says. */
function halfSentSignIn(port: number) {
  let sendRest = () => {};
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/login', agent: false, headers: { 'content-type': 'application/json' } });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.write('{"username":"customer",');
    sendRest = () => request.end('"password":"Demo-Customer-1","tenant":"demo"}');
  });
  return { answer, sendRest: () => sendRest() };
}

/** An answer, or the code of a connection the server did not take (refused, or reset just as the server closed). */
type PollOutcome = { status: number; body: string } | { notTaken: string };

/** Polls with a new connection each time until `done` says so of the outcome. */
async function pollUntil(port: number, path: string, done: (outcome: PollOutcome) => boolean): Promise<PollOutcome> {
  for (;;) {
    const outcome = await httpRequest(port, { path }).then(
      (answer): PollOutcome => ({ status: answer.status, body: answer.body }),
      (error: unknown): PollOutcome | Promise<never> => {
        const code = errorCodeOf(error);
        return code === 'ECONNREFUSED' || code === 'ECONNRESET' ? { notTaken: code } : Promise.reject(error);
      },
    );
    if (done(outcome)) return outcome;
    await pause(25);
  }
}

it('drains, answers every request it took, and exits 0 well before the hard limit', async () => {
  const app = server!;
  const authorization = await signInOver(app.port, 'customer');
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => app.process.once('exit', (code) => resolve({ code, at: performance.now() })));

  const answers: Answered[] = [];
  const failures: NotAnswered[] = [];
  const streams = [
    ['/api/material?pageSize=20', '/api/basket'],
    ['/api/basket', '/api/materialCategory'],
    ['/api/material?page=2&pageSize=20', '/api/user/currentUser'],
  ].map((paths) => streamRequests(app.port, authorization, paths, answers, failures));
  while (answers.length < 20) await pause(10);

  const inFlight = halfSentSignIn(app.port);
  // Awaited below; should the test fail before, the process is killed and this answer never comes.
  inFlight.answer.catch(() => undefined);
  const signalAt = performance.now();
  app.process.kill('SIGTERM');

  const readiness = await pollUntil(app.port, '/readyz', (outcome) => {
    if ('notTaken' in outcome) throw new Error(`a connection was ${outcome.notTaken} while draining`);
    return outcome.status === 503;
  });
  const drainingSeenAt = performance.now();
  expect(readiness).toEqual({ status: 503, body: JSON.stringify({ status: 'draining' }) });
  // Draining changes nothing else: the streams go on being answered.
  const answeredBefore = answers.length;
  while (answers.length < answeredBefore + 10 && performance.now() - signalAt < drainMs) await pause(10);
  expect(answers.filter((a) => a.at > drainingSeenAt && a.status === 200).length).toBeGreaterThanOrEqual(10);

  // Once the server takes no new connection it has closed; the half-sent sign-in is still being waited for.
  await pollUntil(app.port, '/healthz', (outcome) => 'notTaken' in outcome);
  expect(performance.now() - signalAt).toBeGreaterThanOrEqual(drainMs - 100);
  inFlight.sendRest();
  const signIn = await inFlight.answer;
  expect(signIn.status).toBe(200);
  expect(JSON.parse(signIn.body).token).toBeTruthy();

  const exit = await exited;
  await Promise.all(streams);
  expect(exit.code).toBe(0);
  expect(exit.at - signalAt).toBeLessThan(drainMs + 5_000);
  // An answered request got its 200, or Fastify's 503 when it came on a kept-alive connection after the
  // close. Only once the drain was over did a request go unanswered: refused, or sent on a kept-alive
  // connection just as the server closed it idle (what the drain spares a load balancer's requests).
  expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
  expect(failures.length).toBe(streams.length);
  for (const failure of failures) {
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(failure.code);
    expect(failure.at - signalAt).toBeGreaterThanOrEqual(drainMs);
  }
});
