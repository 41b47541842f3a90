import net from 'node:net';
import type { Answer } from './shop.ts';

// What fastify.inject cannot express (a missing Host, raw bytes that are not UTF-8, a broken request
// line, conflicting lengths) goes over a real socket to the listening shop.

/** Sends bytes as they are and reads until the server closes or the time is up. */
export function rawRequest(port: number, bytes: Buffer, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    const socket = net.connect({ port, host: '127.0.0.1' });
    let done = false;
    const finish = (failure?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const answer = parseResponse(text);
      const ms = performance.now() - started;
      if (answer) resolve({ ...answer, ms });
      // Closing the connection is a fine answer to garbage (Node does so for CONNECT without a handler).
      else if (!failure && !text) resolve({ status: 0, headers: {}, body: '', ms, closed: true });
      else resolve({ status: 0, headers: {}, body: text, ms, failure: failure ?? `unreadable answer ${JSON.stringify(text.slice(0, 80))}` });
    };
    const timer = setTimeout(() => {
      // An answer that arrived in full while the connection stays open counts; silence does not.
      const text = Buffer.concat(chunks).toString('latin1');
      finish(parseResponse(text)?.complete ? undefined : `no answer within ${timeoutMs} ms`);
    }, timeoutMs);
    socket.on('connect', () => socket.end(bytes));
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (parseResponse(Buffer.concat(chunks).toString('latin1'))?.complete) finish();
    });
    socket.on('end', () => finish());
    // A reset after the request is the server closing on it, not a failure to answer.
    socket.on('error', (error) => finish((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : `socket error ${error.message}`));
  });
}

interface Parsed {
  status: number;
  headers: Record<string, string>;
  body: string;
  complete: boolean;
}

/** The first HTTP response in the text, with a chunked body decoded. */
export function parseResponse(text: string): Parsed | null {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!match) return null;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let rest = text.slice(end + 4);
  let complete = false;
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    let body = '';
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd < 0) break;
      const size = Number.parseInt(rest.slice(0, lineEnd), 16);
      if (Number.isNaN(size)) break;
      if (size === 0) {
        complete = true;
        break;
      }
      body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
      rest = rest.slice(lineEnd + 2 + size + 2);
    }
    return { status: Number(match[1]), headers, body, complete };
  }
  const length = headers['content-length'];
  if (length !== undefined) complete = rest.length >= Number(length);
  return { status: Number(match[1]), headers, body: length !== undefined ? rest.slice(0, Number(length)) : rest, complete };
}
