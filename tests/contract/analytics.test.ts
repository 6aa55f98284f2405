import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { analyticsEventSchema, customerTypeOf, serviceTypeOf } from '../../contract/analytics';
import { fieldErrors } from '../../contract/forms';

describe('analyticsEventSchema', () => {
  const event = {
    event: 'page_view',
    page_path: '/booking/hair/service',
    user_status: 'logged_out',
    customer_type: 'single',
    service_type: 'hair',
  };

  it('accepts SPEC fields, salotto categories joined by " | " and cross', () => {
    expect(v.parse(analyticsEventSchema, event)).toEqual(event);
    expect(
      v.is(analyticsEventSchema, {
        ...event,
        customer_type: 'cross',
        service_type: 'hair | make-up',
      }),
    ).toBe(true);
    expect(
      v.is(analyticsEventSchema, {
        ...event,
        service_type: 'cross',
        user_status: 'logged_in',
        user_email: 'a@b.it',
      }),
    ).toBe(true);
  });

  it('refuses unknown statuses and service types', () => {
    expect(fieldErrors(analyticsEventSchema, { ...event, user_status: 'guest' })).toEqual({
      user_status: 'Valore non valido',
    });
    expect(fieldErrors(analyticsEventSchema, { ...event, service_type: 'hair,beauty' })).toEqual({
      service_type: 'Categoria non valida',
    });
  });
});

describe('customer and service type of a draft', () => {
  it('single person: the category', () => {
    const draft = { participants: 'default', category: 'beauty', salottoCategories: [] } as const;
    expect(customerTypeOf(draft)).toBe('single');
    expect(serviceTypeOf(draft)).toBe('beauty');
  });

  it('salotto: multiple for one category, cross for several', () => {
    expect(customerTypeOf({ participants: 'salotto', category: null, salottoCategories: ['hair'] })).toBe('multiple');
    const cross = {
      participants: 'salotto',
      category: null,
      salottoCategories: ['hair', 'make-up'],
    } as const;
    expect(customerTypeOf(cross)).toBe('cross');
    expect(serviceTypeOf(cross)).toBe('hair | make-up');
  });
});
