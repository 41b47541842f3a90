import http from 'node:http';

// The requests of bench/cluster.ts go over node:http with kept-alive sockets: it costs the load generator
// far less CPU than fetch, and on a 2-core machine the generator's CPU is taken from the shop.

export interface HttpCall {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** JSON. */
  body?: string;
}

/** The answer's status (0: no answer, the connection failed) and, for an error, what the server said. */
export interface HttpAnswer {
  status: number;
  problem?: string;
}

export const succeeded = (answer: HttpAnswer) => answer.status >= 200 && answer.status < 300;

/** Sends the call to 127.0.0.1:`port` and reads the whole answer; never rejects (a failed connection answers status 0). */
export function send(agent: http.Agent, port: number, call: HttpCall): Promise<HttpAnswer> {
  const headers = call.body === undefined ? call.headers : { ...call.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(call.body)) };
  return new Promise((resolve) => {
    const request = http.request({ agent, host: '127.0.0.1', port, method: call.method, path: call.path, headers }, (response) => {
      const status = response.statusCode ?? 0;
      const failed = status < 200 || status >= 300;
      let text = '';
      if (failed) response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      else response.resume();
      response.on('end', () => resolve(failed ? { status, problem: text.slice(0, 300) } : { status }));
      response.on('error', (error) => resolve({ status: 0, problem: error.message }));
    });
    request.on('error', (error) => resolve({ status: 0, problem: error.message }));
    request.end(call.body);
  });
}
