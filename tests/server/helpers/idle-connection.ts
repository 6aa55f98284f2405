import http from 'node:http';

type Answer = { status: number; reused: boolean };

function ask(url: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
    });
    request.on('error', reject);
  });
}

/**
 * A client that keeps its connection as Node's agent (and Playwright's `route.fetch`) does: it asks
 * `url` once now; `askAgainAfter(idleMs)` asks again once the connection has been idle `idleMs`, and
 * says whether the answer came on that same connection (the server kept it) or on a new one.
 */
export async function openIdleConnection(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const first = await ask(url, agent);
  const idleSince = Date.now();
  return {
    first,
    async askAgainAfter(idleMs: number): Promise<Answer> {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, idleSince + idleMs - Date.now())));
      try {
        return await ask(url, agent);
      } finally {
        agent.destroy();
      }
    },
  };
}
