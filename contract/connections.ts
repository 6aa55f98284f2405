/**
 * How long both servers (the API and the web server) keep an idle keep-alive connection open:
 * longer than the clients and proxies that reuse one (60 s is the common idle limit of load
 * balancers; Node's own default is 5 s).
 *
 * A client that reuses a connection at the moment the server closes it gets `ECONNRESET` on a
 * request the server never read. Node's HTTP agent, which Playwright's `route.fetch` uses, keeps
 * idle connections with no limit of its own and learns of the close only when it reads the FIN; a
 * client busy at that moment (a loaded CI machine) writes onto the closed connection. With 5 s,
 * any pause of 5–6 s between two calls could lose one (CI, 29 Nov 2026: `POST /pro/hours`).
 */
export const IDLE_CONNECTION_MS = 65_000;

/** Applies IDLE_CONNECTION_MS to a node:http server; the headers' timeout must outlast it (Node's advice). */
export function keepIdleConnections(server: { keepAliveTimeout: number; headersTimeout: number }): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1000;
}
