import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestShop } from './helper.ts';

describe('graceful shutdown', () => {
  it('finishes a request that is in flight, then refuses new connections', async () => {
    const shop = await startTestShop();
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = shop.app.server.address() as AddressInfo;

    // A sign-in whose body arrives in two parts, with the shutdown starting in between: once the server has
    // its headers (a request it took), not after a fixed time, which a busy machine may not keep.
    const received = new Promise((resolve) => shop.app.server.once('request', resolve));
    let sendRest = () => {};
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/api/login', headers: { 'content-type': 'application/json' } });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.write('{"username":"customer",');
      sendRest = () => request.end('"password":"Demo-Customer-1","tenant":"demo"}');
    });
    await received;
    const closing = shop.close();
    setTimeout(sendRest, 150);

    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body).token).toBeTruthy();
    await closing;
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
