import { describe, expect, it } from 'vitest';
import { WHATSAPP_DEFAULT_TRACKING } from '../../contract/constants';
import { whatsappLink, whatsappTrackingCode } from '../../src/lib/whatsapp';

describe('WhatsApp help link', () => {
  it('maps every utm_source group of SPEC §1 to its own code', () => {
    const codes = ['facebook', 'fb', 'ig', 'instagram'].map(whatsappTrackingCode);
    expect(new Set(codes).size).toBe(1);
    expect(whatsappTrackingCode('google')).toBe(whatsappTrackingCode('googleads'));
    expect(whatsappTrackingCode('newsletter')).toBe(whatsappTrackingCode('brevo'));
    const groups = ['instagram', 'google', 'tiktok', 'email', 'trustpilot', 'offline'].map(whatsappTrackingCode);
    expect(new Set([...groups, WHATSAPP_DEFAULT_TRACKING]).size).toBe(7);
  });
  it('falls back to the default code, case-insensitively matching the rest', () => {
    expect(whatsappTrackingCode(null)).toBe(WHATSAPP_DEFAULT_TRACKING);
    expect(whatsappTrackingCode('bing')).toBe(WHATSAPP_DEFAULT_TRACKING);
    expect(whatsappTrackingCode('TikTok')).toBe(whatsappTrackingCode('tiktok'));
  });
  it('builds a wa.me link with a prefilled Italian message carrying the code', () => {
    const link = new URL(whatsappLink({ search: '?utm_source=tiktok&utm_medium=cpc', phone: '39 011 1234567' }));
    expect(link.origin).toBe('https://wa.me');
    expect(link.pathname).toBe('/390111234567');
    const text = link.searchParams.get('text') ?? '';
    expect(text).toMatch(/^Ciao Musa!/);
    expect(text).toContain(`[${whatsappTrackingCode('tiktok')}]`);
  });
});
