import { Hono } from 'hono';
import { fail, ok } from '../contract/envelope';

export interface AppDeps {
  /** The web app's public address, for CORS and e-mail links. */
  appUrl: string;
}

/** Builds the API. Tests call `createApp(deps).request(...)` without a port. */
export function createApp(deps: AppDeps) {
  const app = new Hono();
  app.get('/health', (c) => c.json(ok({ status: 'ok', appUrl: deps.appUrl })));
  app.notFound((c) => c.json(fail('Risorsa non trovata'), 404));
  app.onError((err, c) => {
    console.error(err);
    return c.json(fail('Si è verificato un errore, riprova più tardi.'), 500);
  });
  return app;
}
