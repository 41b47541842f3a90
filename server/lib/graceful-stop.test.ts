import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDatabaseAnswers, openDatabase, type DatabaseHandle } from '../db/database.ts';
import { installGracefulStop, type GracefulStop } from './graceful-stop.ts';

// The stop's order over real HTTP on a real (SQLite) database: a route that waits until the test lets it
// go, then asks the database, stands for a request still at work when the stop begins.

interface Served {
  app: FastifyInstance;
  port: number;
  database: DatabaseHandle;
  gracefulStop: GracefulStop;
  /** Lets the waiting requests go on. */
  release(): void;
  /** Resolves when the slow route has a request. */
  slowRequestArrived: Promise<void>;
  /** What each slow request found when it asked the database: 'answered' or the error's message. */
  databaseAnswers: string[];
  events: string[];
}

let served: Served | undefined;

async function serve(drainMs: number): Promise<Served> {
  const database = openDatabase(':memory:');
  const app = Fastify({ return503OnClosing: true });
  const gracefulStop = installGracefulStop(app, { drainMs });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived = () => {};
  const slowRequestArrived = new Promise<void>((resolve) => (arrived = resolve));
  const databaseAnswers: string[] = [];
  const events: string[] = [];
  app.get('/quick', async () => ({ ok: true }));
  app.get('/slow', async () => {
    arrived();
    await released;
    try {
      await checkDatabaseAnswers(database.db);
      databaseAnswers.push('answered');
    } catch (error) {
      databaseAnswers.push((error as Error).message);
    }
    events.push('slow request finished');
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  served = { app, port: (app.server.address() as AddressInfo).port, database, gracefulStop, release, slowRequestArrived, databaseAnswers, events };
  return served;
}

afterEach(async () => {
  served?.release();
  if (served?.app.server.listening) await served.app.close();
  served = undefined;
});

function closeDatabaseOf(shop: Served) {
  return async () => {
    shop.events.push('database closed');
    await shop.database.close();
  };
}

function get(port: number, path: string, agent?: http.Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
      })
      .on('error', reject);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the graceful stop', () => {
  it('drains first: it says so and still answers, then takes no new connections', async () => {
    const shop = await serve(300);
    const stopped = shop.gracefulStop.stop(closeDatabaseOf(shop));
    expect(shop.gracefulStop.draining).toBe(true);
    expect((await get(shop.port, '/quick')).status).toBe(200);
    await stopped;
    await expect(get(shop.port, '/quick')).rejects.toThrow();
    expect(shop.events).toEqual(['database closed']);
  });

  it('closes the database only after a request whose client left has finished', async () => {
    const shop = await serve(0);
    const request = http.get({ host: '127.0.0.1', port: shop.port, path: '/slow' });
    request.on('error', () => {});
    await shop.slowRequestArrived;
    request.destroy();
    const stopped = shop.gracefulStop.stop(closeDatabaseOf(shop));
    // The server has closed (its client's connection is gone), yet the request is still at work.
    while (shop.app.server.listening) await pause(10);
    await pause(100);
    expect(shop.events).toEqual([]);

    shop.release();
    await stopped;
    expect(shop.databaseAnswers).toEqual(['answered']);
    expect(shop.events).toEqual(['slow request finished', 'database closed']);
  });

  it('answers a request in flight on a keep-alive connection, then closes that connection', async () => {
    const shop = await serve(0);
    const agent = new http.Agent({ keepAlive: true });
    try {
      const answer = get(shop.port, '/slow', agent);
      await shop.slowRequestArrived;
      const started = performance.now();
      const stopped = shop.gracefulStop.stop(closeDatabaseOf(shop));
      await pause(100);
      shop.release();
      // `Connection: close` tells the client not to send another request on it; the server's close then
      // completes at once, not after the keep-alive timeout (72 s by Fastify's default).
      expect(await answer).toEqual({ status: 200, connection: 'close' });
      await stopped;
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(shop.events).toEqual(['slow request finished', 'database closed']);
    } finally {
      agent.destroy();
    }
  });
});
