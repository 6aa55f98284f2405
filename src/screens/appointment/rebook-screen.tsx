import { ScreenSpinner } from '../screen-spinner';

export const REBOOK_COPY = { loading: "Ritrovo i servizi e l'indirizzo che avevi scelto" } as const;

/**
 * /appointments/:id/rebook?token= (issue 27, a declined request's 'Prenota di nuovo'): while the
 * machine reads the same services and address, a spinner; then it opens the wizard on them (or the
 * booking start, with a toast, when the link no longer works).
 */
export function RebookScreen() {
  return <ScreenSpinner label={REBOOK_COPY.loading} />;
}
