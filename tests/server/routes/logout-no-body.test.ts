import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/databases';
import { createUser, tokenFor } from '../helpers/fixtures';

/** One raw HTTP/1.1 request on a socket (what `curl -X POST` sends: no Content-Length, no body). */
function rawRequest(port: number, lines: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

/**
 * Issue 26: a POST with no body and no Content-Length over real HTTP (plain `curl -X POST`) is not
 * a non-JSON body: it reaches the route. A body that is not JSON is still a 415.
 */
describeEachDb('a write without a body, over HTTP', (t) => {
  const listen = async (): Promise<{ server: ServerType; port: number }> => {
    const app = t.app();
    return new Promise((resolve) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve({ server, port: info.port }),
      );
    });
  };

  it('POST /logout with a bearer and nothing else answers 200 and ends the session', async () => {
    const user = await createUser(t.db);
    const token = await tokenFor(t.db, user, t.clock.now());
    const { server, port } = await listen();
    try {
      const head = ['POST /logout HTTP/1.1', 'Host: localhost', `Authorization: Bearer ${token}`, 'Connection: close'];
      const reply = await rawRequest(port, head);
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.body)).toEqual({ result: { success: true, data: {} } });
      expect((await rawRequest(port, head)).status).toBe(401);
      const notJson = await rawRequest(port, [
        'POST /logout HTTP/1.1',
        'Host: localhost',
        'Content-Type: text/plain',
        'Content-Length: 2',
        'Connection: close',
        '',
        'hi',
      ]);
      expect(notJson.status).toBe(415);
    } finally {
      server.close();
    }
  });
});
