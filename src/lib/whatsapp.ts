import { PRODUCT, WHATSAPP_DEFAULT_TRACKING, WHATSAPP_TRACKING } from '../../contract/constants';
import { WHATSAPP_NUMBER } from './env';

/** SPEC §1: the tracking code depends on the `utm_source` query value, case-insensitively. */
export function whatsappTrackingCode(utmSource: string | null | undefined): string {
  const source = utmSource?.trim().toLowerCase();
  if (!source) return WHATSAPP_DEFAULT_TRACKING;
  return WHATSAPP_TRACKING.find((entry) => entry.sources.includes(source))?.code ?? WHATSAPP_DEFAULT_TRACKING;
}

/** `utm_source` of a query string (`?utm_source=ig&…`), or null. */
export function utmSourceFrom(search: string): string | null {
  return new URLSearchParams(search).get('utm_source');
}

/** The prefilled message; the tracking code closes it so the help line can attribute the chat. */
export function whatsappMessage(code: string, topic?: string): string {
  const intro = `Ciao ${PRODUCT}! Vorrei un aiuto con la mia prenotazione.`;
  const body = topic ? `${intro} ${topic}` : intro;
  return `${body} [${code}]`;
}

export interface WhatsAppLinkOptions {
  /** The page's query string; defaults to the current location's. */
  search?: string;
  /** An extra sentence after the greeting, e.g. the service the customer did not find. */
  topic?: string;
  /** Override of the help line number (digits, international format). */
  phone?: string;
}

/** `https://wa.me/<number>?text=<message>` with the tracking code of the visit's `utm_source`. */
export function whatsappLink(options: WhatsAppLinkOptions = {}): string {
  const search = options.search ?? (typeof window === 'undefined' ? '' : window.location.search);
  const code = whatsappTrackingCode(utmSourceFrom(search));
  const phone = (options.phone ?? WHATSAPP_NUMBER).replace(/[^\d]/g, '');
  return `https://wa.me/${phone}?text=${encodeURIComponent(whatsappMessage(code, options.topic))}`;
}
