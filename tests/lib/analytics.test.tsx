// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { analyticsEventSchema } from '../../contract/analytics';
import { analyticsFields, setAnalyticsContext, trackClick, trackError } from '../../src/lib/analytics';

afterEach(() => {
  window.dataLayer = [];
});

describe('analytics', () => {
  it('pushes events with SPEC §3 fields to window.dataLayer', () => {
    setAnalyticsContext(() => ({
      pagePath: '/booking/hair/service',
      email: 'giulia@example.com',
      draft: { participants: 'default', category: 'hair', salottoCategories: [] },
    }));
    trackClick('AVANTI');
    expect(window.dataLayer).toHaveLength(1);
    const event = window.dataLayer![0];
    expect(event).toEqual({
      event: 'button_click',
      label: 'AVANTI',
      page_path: '/booking/hair/service',
      user_status: 'logged_in',
      user_email: 'giulia@example.com',
      customer_type: 'single',
      service_type: 'hair',
    });
    expect(v.is(analyticsEventSchema, event)).toBe(true);
  });
  it('describes a visitor’s salotto of several categories as cross, categories joined by " | "', () => {
    const fields = analyticsFields({
      pagePath: '/booking/salotto/data',
      email: null,
      draft: { participants: 'salotto', category: null, salottoCategories: ['hair', 'make-up'] },
    });
    expect(fields).toMatchObject({ user_status: 'logged_out', customer_type: 'cross', service_type: 'hair | make-up' });
  });
  it('reports errors with their message', () => {
    setAnalyticsContext(() => ({ pagePath: '/login', email: null }));
    const event = trackError('Credenziali non valide');
    expect(event).toMatchObject({ event: 'error', label: 'Credenziali non valide', page_path: '/login' });
    expect(v.is(analyticsEventSchema, event)).toBe(true);
  });
});
