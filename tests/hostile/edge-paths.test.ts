import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { answerProblems, describeAnswer, pollutionProblems, ProblemLog } from './assertions.ts';
import { createDataGuard } from './data-guard.ts';
import { mutationClasses, mutationsFor, sampleMutations } from './inputs.ts';
import { rawRequest } from './raw-http.ts';
import { serverRoutes } from './routes.ts';
import { runMutations, sendChecked, signed, type RunContext } from './runner.ts';
import { otherBase, type AttackTarget } from './samples.ts';
import { answerTimeoutMs, startHostileShop, surfaceOf, type Role } from './shop.ts';

// Everything that is neither an API route nor a page: health checks, media and build files; paths
// that trip routers (`//`, `/healthz…`, bad percent-encoding, dot segments, source files); and what
// only a raw socket can send (no Host, bytes that are not UTF-8, broken request lines and lengths).

const perClass = 4;
const roles: Role[] = ['none', 'customer'];

const shop = await startHostileShop();
const context: RunContext = { shop, guard: await createDataGuard(shop.db), log: new ProblemLog() };
afterAll(async () => {
  console.log(`hostile edges: ${context.log.requests} requests`);
  await shop.close();
});

const others = serverRoutes(shop.routes).filter((route) => ['health', 'media', 'static', 'erp', 'erp-fallback', 'erp-docs'].includes(route.kind));
/** A real build file stands in for `/assets/*`. */
const assetFile = shop.routes.find((route) => route.url.startsWith('/assets/') && route.url.endsWith('.js'))?.url ?? '/assets/none.js';

for (const route of others) {
  const pattern = route.url === '/assets/*' ? assetFile : route.url;
  describe(`${route.methods.join(',')} ${route.url}`, () => {
    for (const cls of mutationClasses) {
      it(cls, async () => {
        const before = context.log.lines.length;
        const target: AttackTarget = { surface: 'page', method: 'GET', pattern, base: pattern === route.url ? otherBase(route) : { params: {}, query: [] } };
        const token = (await shop.identity('customer')).token;
        const mutations = sampleMutations(mutationsFor(cls, target, { registered: route.methods, token }), perClass, `${route.url} ${cls}`);
        await runMutations(context, mutations, roles, 'page');
        expect(context.log.lines.slice(before)).toEqual([]);
      });
    }
  });
}

/** Paths that have tripped routers and URL parsers before; each is sent with GET, HEAD and POST. */
const trickyPaths = [
  // `new URL('//x', base)` reads a host.
  '//', '//landing', '//api/material', '//evil.example/', '///landing', '//%2e%2e', '/\\evil.example', '/%5Cevil.example',
  // Prefixes of the health routes, which skip tenant and session.
  '/healthzx', '/healthz/', '/healthz/x', '/healthz.json', '/healthz%00', '/healthz?x=%ZZ', '/healthz/..%2Flanding', '/readyzz', '/readyz/../api/material', '/HEALTHZ', '/healthz%2F',
  // Bad percent-encoding in every part of the site.
  '/media/%ZZ', '/media/%', '/media/%C3%28', '/category/%ZZ', '/category/%', '/category/%C3%28', '/category/%FF', '/product/%ZZ', '/api/material/%zz', '/api/material/%', '/api/%ZZ', '/%ZZ', '/landing%00', '/search?key=%ZZ', '/api/material/search?searchKey=%ZZ', '/%E0%80%80', '/content/%ED%A0%80',
  // Dot segments, encoded slashes, odd separators.
  '/./landing', '/../landing', '/api/../landing', '/api/./material', '/%2e%2e/', '/api%2Fmaterial', '/landing;jsessionid=1', '/landing?', '/landing??&&', '/landing/', '/landing//', '/auth/', '/%2A',
  '/media/..%2F..%2Fetc%2Fpasswd', '/media/%2e%2e/%2e%2e/package.json', '/media/', '/media/logo.svg%00.png', '/media/%C0%AE%C0%AE/%C0%AE%C0%AE/package.json',
  '/assets/', '/assets/../package.json', '/assets/%2e%2e%2fpackage.json',
  // Download links: a token that climbs out of its route, one far past any token's length.
  '/api/download/..%2F..%2Fpackage.json', '/api/download/../../package.json', '/api/download/%2e%2e', `/api/download/${'A'.repeat(20_000)}`,
  '/my-account/downloads/..%2F..%2Fpackage.json', '/my-account/downloads/%2e%2e%2f%2e%2e%2fpackage.json', `/my-account/downloads/${'A'.repeat(20_000)}`,
  // React Router's data requests of client navigations.
  '/landing.data', '/_root.data', '/category/x.data', '/detailed-cart.data', '/search.data?key=%00', '/.data', '/logout.data', '/locale.data',
];

/** Files of the project that must never be served. */
const privateFiles = ['/package.json', '/.env', '/server/app.ts', '/build/server/index.js', '/node_modules/react/package.json', '/data/shop.sqlite', '/app/root.tsx', '/.git/config'];

describe('tricky paths', () => {
  for (const method of ['GET', 'HEAD', 'POST']) {
    it(`${method}`, async () => {
      const before = context.log.lines.length;
      for (const role of roles) {
        for (const url of trickyPaths) {
          const surface = surfaceOf(url);
          const request = await signed(shop, { method, url, ...(method === 'POST' ? { body: 'locale=en', headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}) }, role, surface);
          await sendChecked(context, `path as ${role}`, request, surface);
        }
      }
      expect(context.log.lines.slice(before)).toEqual([]);
    });
  }

  it('never serves the project’s own files', async () => {
    const before = context.log.lines.length;
    for (const role of roles) {
      for (const url of privateFiles) {
        const request = await signed(shop, { method: 'GET', url }, role, 'page');
        const answer = await sendChecked(context, `private file as ${role}`, request, 'page');
        const type = String(answer.headers['content-type'] ?? '');
        if (answer.status === 200 && !type.startsWith('text/html')) context.log.note(`private file served: GET ${url} as ${role} → ${describeAnswer(answer)}`);
      }
    }
    expect(context.log.lines.slice(before)).toEqual([]);
  });
});

await shop.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = shop.app.server.address() as AddressInfo;
const cookie = (await shop.authHeaders('customer', 'page')).cookie!;
const authorization = (await shop.authHeaders('customer', 'api')).authorization!;

describe('raw requests', () => {
  const bytes = (...parts: (string | number[] | Buffer)[]) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
  const get = (path: string | Buffer, headers: string | Buffer, version = '1.1') => bytes('GET ', path, ` HTTP/${version}\r\n`, headers, 'Connection: close\r\n\r\n');
  const host = 'Host: localhost\r\n';
  const post = (path: string, type: string, body: Buffer) =>
    bytes(`POST ${path} HTTP/1.1\r\n${host}Content-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`, body);
  const targets = ['/', '/landing', '/category/x', '/api/material', '/healthz'];

  const groups: Record<string, [string, Buffer][]> = {
    'a missing or broken Host': targets.flatMap((path): [string, Buffer][] => [
      [`no Host, HTTP/1.0: ${path}`, get(path, '', '1.0')],
      [`no Host, HTTP/1.1: ${path}`, get(path, '')],
      [`no Host, HTTP/1.0, signed in: ${path}`, get(path, `Cookie: ${cookie}\r\nAuthorization: ${authorization}\r\n`, '1.0')],
      [`Host with space: ${path}`, get(path, 'Host: exa mple.com\r\n')],
      [`empty Host: ${path}`, get(path, 'Host: \r\n')],
      [`two Hosts: ${path}`, get(path, 'Host: localhost\r\nHost: evil.example\r\n')],
      [`Host not UTF-8: ${path}`, get(path, bytes('Host: ', [0xc3, 0x28], '\r\n'))],
      [`Host with a port above 65535: ${path}`, get(path, 'Host: 127.0.0.1:99999\r\n')],
      [`absolute-form target: ${path}`, get(`http://evil.example${path}`, host)],
    ]),
    'NUL and bytes that are not UTF-8': [
      ...targets.flatMap((path): [string, Buffer][] => [
        [`path with NUL byte: ${path}`, get(bytes(path, [0x00]), host)],
        [`path not UTF-8: ${path}`, get(bytes(path === '/' ? '/x' : path, [0xff, 0xfe, 0xc3, 0x28]), host)],
        [`query not UTF-8: ${path}`, get(bytes(path, '?key=', [0xc3, 0x28], '&searchKey=', [0xff]), host)],
        [`Cookie not UTF-8: ${path}`, get(path, bytes(host, 'Cookie: token=', [0xff, 0xfe], '; userId=', [0xc3, 0x28], '\r\n'))],
        [`Authorization not UTF-8: ${path}`, get(path, bytes(host, 'Authorization: Basic ', [0xff, 0xfe, 0x00], '\r\n'))],
        [`Accept-Language not UTF-8: ${path}`, get(path, bytes(host, 'Accept-Language: ', [0xc3, 0x28], ';q=', [0xff], '\r\n'))],
      ]),
      ['JSON body not UTF-8', post('/api/login', 'application/json', bytes('{"username":"', [0xc3, 0x28, 0xff], '","password":"x"}'))],
      ['form body not UTF-8 to an action', post('/locale', 'application/x-www-form-urlencoded', bytes('locale=', [0xc3, 0x28, 0xff], '&redirectTo=/x', [0xff]))],
      ['form body not UTF-8 to the login action', post('/auth', 'application/x-www-form-urlencoded', bytes('intent=login&username=', [0xff, 0xfe], '&password=', [0xc3, 0x28]))],
      ['multipart body not UTF-8 to an action', post('/locale', 'multipart/form-data; boundary=b', bytes('--b\r\nContent-Disposition: form-data; name="', [0xff], '"\r\n\r\n', [0xc3, 0x28], '\r\n--b--\r\n'))],
    ],
    'broken request lines and headers': [
      ['HTTP/0.9 request line', bytes('GET /\r\n\r\n')],
      ['unknown method', bytes(`FOO / HTTP/1.1\r\n${host}Connection: close\r\n\r\n`)],
      ['lower-case method', bytes(`get /landing HTTP/1.1\r\n${host}Connection: close\r\n\r\n`)],
      ['HTTP/9.9', get('/landing', host, '9.9')],
      ['space in path', get('/land ing', host)],
      ['header without colon', get('/landing', `${host}NoColonHere\r\n`)],
      ['control character in header', get('/landing', `${host}X-Test: a\u0001b\r\n`)],
      ['header of 20 kB', get('/landing', `${host}X-Big: ${'a'.repeat(20_000)}\r\n`)],
      ['URL of 100 kB', get(`/search?key=${'a'.repeat(100_000)}`, host)],
      ['TRACE on a page', bytes(`TRACE /landing HTTP/1.1\r\n${host}Connection: close\r\n\r\n`)],
      ['CONNECT', bytes(`CONNECT localhost:80 HTTP/1.1\r\n${host}Connection: close\r\n\r\n`)],
    ],
    'conflicting and broken body lengths': [
      ['Content-Length and Transfer-Encoding', bytes(`POST /api/login HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`)],
      ['broken chunked body', bytes(`POST /api/login HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`)],
      ['negative Content-Length', bytes(`POST /api/login HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: -1\r\nConnection: close\r\n\r\n{}`)],
      ['Content-Length not a number', bytes(`POST /locale HTTP/1.1\r\n${host}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: abc\r\nConnection: close\r\n\r\nlocale=en`)],
      ['two Content-Lengths', bytes(`POST /auth HTTP/1.1\r\n${host}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nContent-Length: 9\r\nConnection: close\r\n\r\nintent=guest`)],
    ],
  };

  for (const [group, cases] of Object.entries(groups)) {
    it(group, async () => {
      const found: string[] = [];
      for (const [label, request] of cases) {
        const answer = await rawRequest(port, request, answerTimeoutMs);
        context.log.requests++;
        const text = request.toString('latin1');
        const target = /^\w+ (\S+)/.exec(text)?.[1] ?? '/';
        const sent = { method: /^\w+/.exec(text)?.[0] ?? 'GET', url: target };
        // Node's HTTP parser answers some garbage with a bare status and no body before any route runs:
        // nothing leaks, so only a body that is there is held to the shop's error format.
        const problems = answerProblems(sent, answer, { surface: surfaceOf(target) }).filter((problem) => !(answer.body === '' && problem.startsWith('error format')));
        for (const problem of problems) {
          found.push(`${problem} ⟵ [${label}] ${JSON.stringify(text.slice(0, 100))} → ${describeAnswer(answer)}`);
        }
      }
      expect(found).toEqual([]);
    });
  }
});

it('left no prototype polluted', () => {
  expect(pollutionProblems()).toEqual([]);
});
