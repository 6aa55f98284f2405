import net from 'node:net';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '../../server/http/messages';
import { answerClientErrorsWithEnvelope } from '../../server/runtime/client-errors';

/** Sends raw bytes to the server and returns what it answers before closing. */
const raw = (port: number, bytes: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

/** Requests Node refuses before any route sees them still answer in the API's envelope. */
describe("Node's own refusals", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    answerClientErrorsWithEnvelope(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a malformed request line: 400 in the envelope, in Italian', async () => {
    const answer = await raw(port, 'GET /ping HTTP/1.1 oops\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('Content-Type: application/json');
    expect(bodyOf(answer)).toEqual({ result: { success: false, error: { message: API_MESSAGES.badRequest } } });
  });

  it('headers too large: 431 in the envelope', async () => {
    const answer = await raw(port, `GET /ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(answer)).toEqual({ result: { success: false, error: { message: API_MESSAGES.headersTooLarge } } });
  });
});
