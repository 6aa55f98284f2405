import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../contract/money';
import { bookingIcs, createIcs, escapeText, eventSummary, foldLine } from '../../server/bookings/ics';

const unfold = (text: string) => text.replace(/\r\n /g, '');
const octets = (line: string) => new TextEncoder().encode(line).length;

const ics = bookingIcs({
  bookingId: 'bk_42',
  start: '2026-12-09T08:00:00.000Z',
  end: '2026-12-09T09:30:00.000Z',
  address: 'Via Roma, 2, Torino',
  coordinates: { lat: 45.070283, lng: 7.685485 },
  services: [
    { name: 'Piega liscia', price: 35 },
    { name: 'Trattamento ristrutturante alla cheratina; lunghezze sfibrate', price: 26 },
  ],
  total: 71,
  supplement: 10,
  professionalName: 'Giulia Ferrero',
  appUrl: 'http://localhost:5173/',
  now: new Date('2026-11-22T10:00:00Z'),
});

describe('the event’s title', () => {
  it('names the services, each once, then Musa', () => {
    expect(eventSummary([{ name: 'Piega liscia' }])).toBe('Piega liscia · Musa');
    expect(eventSummary([{ name: 'Piega liscia' }, { name: 'Maschera idratante' }, { name: 'Piega liscia' }])).toBe(
      'Piega liscia, Maschera idratante · Musa',
    );
    expect(eventSummary([])).toBe('Appuntamento Musa');
  });
});

describe('booking calendar file', () => {
  it('is one VEVENT in a VCALENDAR with CRLF line ends', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('has the booking UID, the summary, a UTC stamp and local Rome times with their VTIMEZONE', () => {
    const text = unfold(ics);
    expect(text).toContain('\r\nUID:bk_42@musa.example\r\n');
    // The services by name (issue 26), not 'Appuntamento Musa' for everything.
    expect(text).toContain(
      '\r\nSUMMARY:Piega liscia\\, Trattamento ristrutturante alla cheratina\\; lunghezze sfibrate · Musa\r\n',
    );
    expect(text).toContain('\r\nDTSTAMP:20261122T100000Z\r\n');
    expect(text).toContain('\r\nDTSTART;TZID=Europe/Rome:20261209T090000\r\n');
    expect(text).toContain('\r\nDTEND;TZID=Europe/Rome:20261209T103000\r\n');
    expect(text).toContain('\r\nTZID:Europe/Rome\r\n');
    expect(text).toContain('\r\nSTATUS:CONFIRMED\r\n');
    expect(text).toContain('\r\nGEO:45.070283;7.685485\r\n');
  });

  it('escapes commas, semicolons and newlines in text', () => {
    const text = unfold(ics);
    expect(text).toContain('\r\nLOCATION:Via Roma\\, 2\\, Torino\r\n');
    const description = /\r\nDESCRIPTION:(.*)\r\n/.exec(text)![1]!;
    expect(description).toContain('- Piega liscia: € 35\\,00\\n');
    expect(description).toContain('cheratina\\; lunghezze sfibrate');
    expect(description).toContain('Supplemento fuori orario: € 10\\,00');
    expect(description).toContain('Totale: € 71\\,00 (pagamento sul posto)');
    expect(description).toContain('Professionista: Giulia Ferrero');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    for (const line of ics.split('\r\n')) expect(octets(line), line).toBeLessThanOrEqual(75);
    const long = `DESCRIPTION:${'Però è già l’ora del trucco € '.repeat(8)}`;
    const folded = foldLine(long);
    expect(folded.split('\r\n').length).toBeGreaterThan(1);
    for (const line of folded.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(unfold(folded)).toBe(long);
  });

  it('marks a booking waiting for confirmation as tentative and uses the summer offset', () => {
    const tentative = createIcs({
      uid: 'x@musa.example',
      start: new Date('2026-07-01T16:00:00Z'),
      end: new Date('2026-07-01T17:00:00Z'),
      summary: 'Appuntamento Musa',
      stamp: new Date('2026-06-01T00:00:00Z'),
      status: 'TENTATIVE',
    });
    expect(tentative).toContain('DTSTART;TZID=Europe/Rome:20260701T180000');
    expect(tentative).toContain('STATUS:TENTATIVE');
  });

  it('escapes backslashes first and formats euros the Italian way', () => {
    expect(escapeText('a\\b,c;d\ne')).toBe('a\\\\b\\,c\\;d\\ne');
    expect(formatPrice(1234.5)).toBe('€ 1.234,50');
    expect(formatPrice(0)).toBe('€ 0,00');
  });
});
