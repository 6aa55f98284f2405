import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { meDataSchema, nextBookingsDataSchema, userSchema } from '../../contract/user';
import { fieldErrors } from '../../contract/forms';
import { apiUser, viaRoma } from './fixtures';

describe('userSchema', () => {
  it('keeps a complete user', () => {
    expect(v.parse(userSchema, apiUser())).toEqual(apiUser());
  });

  it('reads the missing data of a fresh account as null or defaults', () => {
    const fresh = v.parse(userSchema, {
      id: 'u-2',
      email: 'nuova@example.it',
      createdAt: '2026-03-01T10:15:00Z',
    });
    expect(fresh).toEqual({
      id: 'u-2',
      email: 'nuova@example.it',
      firstName: null,
      lastName: null,
      isProvider: false,
      createdAt: '2026-03-01T10:15:00Z',
      phoneNumber: null,
      roles: [],
      accountEmail: null,
      location: null,
      allergies: null,
      fitToPlead: null,
      allowMarketing: false,
    });
  });

  it('refuses an invalid e-mail with "Formato invalido"', () => {
    expect(fieldErrors(userSchema, { ...apiUser(), email: 'giulia.example.it' })).toEqual({
      email: 'Formato invalido',
    });
  });

  it('refuses a createdAt that is not a datetime', () => {
    expect(fieldErrors(userSchema, { ...apiUser(), createdAt: 'ieri' })).toEqual({
      createdAt: 'Data non valida',
    });
    expect(fieldErrors(userSchema, { ...apiUser(), createdAt: '2026-02-30T10:00:00Z' })).toEqual({
      createdAt: 'Data non valida',
    });
  });

  it('refuses a bad location at its path', () => {
    expect(
      fieldErrors(userSchema, {
        ...apiUser(),
        location: { ...viaRoma(), coordinates: { lat: 'x', lng: 7 } },
      }),
    ).toEqual({ 'location.coordinates.lat': 'Coordinate non valide' });
  });
});

const nextBooking = {
  id: 'b1',
  startDateTime: '2026-12-03T09:30:00+01:00',
  date: '2026-12-03',
  startTime: '09:30',
  timeZone: 'Europe/Rome',
  location: viaRoma(),
  services: [
    { name: 'Piega', price: '25.00' },
    { name: 'Maschera', price: 8 },
  ],
  total: 33,
};

describe('meDataSchema', () => {
  it('holds the user, the last proposal and the next bookings with prices as numbers', () => {
    const me = v.parse(meDataSchema, {
      user: apiUser(),
      lastProposal: { services: [{ name: 'Taglio' }] },
      nextBookings: [nextBooking],
    });
    expect(me.user.firstName).toBe('Giulia');
    expect(me.lastProposal).toEqual({ services: [{ name: 'Taglio' }] });
    expect(me.nextBookings[0]?.services).toEqual([
      { name: 'Piega', price: 25 },
      { name: 'Maschera', price: 8 },
    ]);
    expect(me.nextBookings[0]?.total).toBe(33);
  });

  it('reads no proposal, no bookings and nothing to rate as null and []', () => {
    expect(v.parse(nextBookingsDataSchema, {})).toEqual({ lastProposal: null, nextBookings: [], toRate: [] });
  });

  it('refuses a booking with a bad start time or date', () => {
    expect(
      fieldErrors(nextBookingsDataSchema, {
        nextBookings: [{ ...nextBooking, startTime: '9.30' }],
      }),
    ).toEqual({ 'nextBookings.0.startTime': 'Orario non valido' });
    expect(
      fieldErrors(nextBookingsDataSchema, {
        nextBookings: [{ ...nextBooking, date: '2026-13-01' }],
      }),
    ).toEqual({ 'nextBookings.0.date': 'Data non valida' });
  });
});
