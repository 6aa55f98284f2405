import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { toastSchema } from '../../contract/toast';
import { fieldErrors } from '../../contract/forms';

describe('toastSchema', () => {
  it('fills SPEC duration and closable', () => {
    expect(v.parse(toastSchema, { id: 't-1', type: 'success', title: 'Dati aggiornati correttamente' })).toEqual({
      id: 't-1',
      type: 'success',
      title: 'Dati aggiornati correttamente',
      duration: 9000,
      closable: true,
    });
  });

  it('keeps a persistent loading toast and an action', () => {
    const toast = v.parse(toastSchema, {
      id: 't-2',
      type: 'loading',
      title: 'Caricamento',
      description: 'Attendi',
      duration: Infinity,
      closable: false,
      action: { label: 'Scrivici su WhatsApp', href: 'https://wa.me/390000000' },
    });
    expect(toast.duration).toBe(Infinity);
    expect(toast.action?.label).toBe('Scrivici su WhatsApp');
  });

  it('refuses an unknown type', () => {
    expect(fieldErrors(toastSchema, { id: 't-3', type: 'fatal', title: 'x' })).toEqual({
      type: 'Valore non valido',
    });
  });
});
