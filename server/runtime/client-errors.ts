import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { fail } from '../../contract/envelope';
import { API_MESSAGES } from '../http/messages';

/**
 * Node answers a request it cannot parse (bad request line, headers too large, …) before Hono sees
 * it, with a bare status line. This answers those with the API's envelope and an Italian message.
 */
export function answerClientErrorsWithEnvelope(server: Pick<Server, 'on'>): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (error.code === 'ECONNRESET' && !socket.readable)) {
      socket.destroy();
      return;
    }
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', API_MESSAGES.headersTooLarge]
        : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', API_MESSAGES.badRequest]
          : [400, 'Bad Request', API_MESSAGES.badRequest];
    const body = JSON.stringify(fail(message));
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        'Content-Type: application/json; charset=UTF-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
