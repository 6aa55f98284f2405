/**
 * The root and the rating screen (issue 29): /appointments/:id/rating opens with the invitation's
 * token (a visitor) or signed in (her own appointment); a visitor without the token is sent to the
 * booking start, as for an appointment's other screens (SPEC §2). The screen's events reach the
 * rating machine through the root. The generated paths do not go there yet.
 */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../machines/app/context';
import { pathOf, routeEvent } from '../../machines/app/routing';
import { selectPage } from '../../machines/app/selectors';
import { TODAY } from '../../machines/testing/fixtures';
import { createHarness, type Harness } from './harness';
import { RATED, TO_RATE } from './rating-fixtures';

const context = (h: Harness) => h.actor.getSnapshot().context as AppContext;
const calls = (h: Harness, src: string) => h.asked.filter((call) => call.src === src).map((call) => call.input);
const ratingState = (h: Harness) => h.child('rating')?.getSnapshot().value;

describe('/appointments/:id/rating', () => {
  it('a visitor with the invitation’s token: the rating screen, its appointment read with the token', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/appointments/b-7/rating', '?token=r-1'));
    expect(context(h).screen).toBe('appointmentRating');
    expect(pathOf(h.actor.getSnapshot())).toBe('/appointments/b-7/rating');
    expect(selectPage(h.actor.getSnapshot())).toBe('appointment');
    expect(calls(h, 'loadRating')).toEqual([{ key: { id: 'b-7', token: 'r-1' } }]);
    h.actor.stop();
  });

  it('a visitor without the token: the booking start, nothing read', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/appointments/b-7/rating'));
    expect(context(h).screen).toBe('booking');
    expect(calls(h, 'loadRating')).toEqual([]);
    h.actor.stop();
  });

  it('the token dropped from the URL while it shows: the booking start', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/appointments/b-7/rating', '?token=r-1'));
    await h.send(routeEvent('/appointments/b-7/rating', '?token=r-1&utm_source=mail'));
    expect(context(h).screen).toBe('appointmentRating');
    expect(calls(h, 'loadRating')).toHaveLength(1);
    await h.send(routeEvent('/appointments/b-7/rating'));
    expect(context(h).screen).toBe('booking');
    h.actor.stop();
  });

  it('signed in, her own appointment: opened once the profile is there, without a token', async () => {
    const h = createHarness({ today: TODAY, hasCredential: true });
    await h.send(routeEvent('/appointments/b-7/rating'));
    expect(selectPage(h.actor.getSnapshot())).toBe('appointment');
    await h.settle('loadProfile', 'ok');
    expect(context(h).screen).toBe('appointmentRating');
    expect(calls(h, 'loadRating')).toEqual([{ key: { id: 'b-7', token: null } }]);
    h.actor.stop();
  });

  it('from her area (Valuta): the rating screen; another appointment’s rating starts afresh', async () => {
    const h = createHarness({ today: TODAY, hasCredential: true });
    await h.send(routeEvent('/'));
    await h.settle('loadProfile', 'ok');
    await h.send(routeEvent('/appointments/b-7/rating'));
    expect(context(h).screen).toBe('appointmentRating');
    await h.answer('loadRating', TO_RATE);
    expect(ratingState(h)).toEqual({ form: 'editing' });
    await h.send(routeEvent('/appointments/b-8/rating'));
    expect(calls(h, 'loadRating')).toEqual([{ key: { id: 'b-7', token: null } }, { key: { id: 'b-8', token: null } }]);
    expect(ratingState(h)).toBe('loading');
    expect(pathOf(h.actor.getSnapshot())).toBe('/appointments/b-8/rating');
    h.actor.stop();
  });

  it('what the screen sends reaches the rating machine: one send, then the thanks', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/appointments/b-7/rating', '?token=r-1'));
    await h.answer('loadRating', TO_RATE);
    await h.send({ type: 'rating.stars', professionalId: 'p-giulia', stars: 4 });
    await h.send({ type: 'rating.stars', professionalId: 'p-sara', stars: 5 });
    await h.send({ type: 'rating.submit' });
    await h.send({ type: 'rating.submit' });
    expect(calls(h, 'rateAppointment')).toEqual([
      {
        key: { id: 'b-7', token: 'r-1' },
        ratings: [
          { professionalId: 'p-giulia', stars: 4, comment: '' },
          { professionalId: 'p-sara', stars: 5, comment: '' },
        ],
      },
    ]);
    await h.answer('rateAppointment', RATED);
    expect(ratingState(h)).toEqual({ form: 'saved' });
    h.actor.stop();
  });

  it('left for the appointment’s own page: the rating machine is gone', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/appointments/b-7/rating', '?token=r-1'));
    await h.send(routeEvent('/appointments/b-7', '?token=r-1'));
    expect(context(h).screen).toBe('appointment');
    expect(h.child('rating')).toBeUndefined();
    h.actor.stop();
  });
});
