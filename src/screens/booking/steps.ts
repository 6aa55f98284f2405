import { PRODUCT } from '../../../contract/constants';
import { stepOfPath } from '../../../machines/app/routing';
import { kindOf, type StepId } from '../../../machines/shared/draft';

/** SPEC §2: an unhandled step or child step throws; the error page reads it as not found. */
export function assertHandledStep(path: string): void {
  if (!stepOfPath(path)) throw new Error(`No route matches URL "${path}"`);
}

/** The heading of each step (SPEC §2 wording). */
export function stepTitle(step: StepId): string {
  const salotto = step.startsWith('salotto-');
  switch (kindOf(step)) {
    case 'location':
      return 'Dove vuoi ricevere il servizio?';
    case 'participants':
      return 'Per quante persone vuoi prenotare?';
    case 'participants-salotto':
      return 'Quante siete di preciso?';
    case 'category':
      return 'Che tipo di servizio ti interessa oggi?';
    case 'category-salotto':
      return 'Che tipo di servizi vi interessano? Puoi scegliere una o più opzioni.';
    case 'hair':
      return `Dicci dei tuoi capelli e facci capire che ${PRODUCT} sei!`;
    case 'service':
      return salotto ? 'Quali servizi desiderate?' : 'Quale servizio desideri?';
    case 'details':
      return "Spiegaci un po' più nel dettaglio cosa vorreste fare.";
    case 'data':
      return salotto
        ? `Quando vorreste richiedere l'appuntamento, ${PRODUCT}?`
        : `Quando vorresti ricevere il servizio, ${PRODUCT}?`;
    case 'checkout':
      return 'Completa la tua prenotazione';
  }
}
