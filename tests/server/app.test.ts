import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';

describe('createApp', () => {
  const app = createApp({ appUrl: 'http://localhost:5173' });

  it('answers /health in the envelope', async () => {
    const res = await app.request('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      result: { success: true, data: { status: 'ok', appUrl: 'http://localhost:5173' } },
    });
  });

  it('answers an unknown route with 404 and an Italian message in the envelope', async () => {
    const res = await app.request('/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ result: { success: false, error: { message: 'Risorsa non trovata' } } });
  });
});
