import { ScreenSpinner } from '../screen-spinner';

export const WAITLIST_OFFER_COPY = { loading: 'Apro il giorno che si è liberato' } as const;

/**
 * /waitlist/:entryId?token= (issue 16): while the machine reads the entry, a spinner; then it opens
 * the wizard on the freed day (or the booking start, with a toast, when the link no longer works).
 */
export function WaitlistOfferScreen() {
  return <ScreenSpinner label={WAITLIST_OFFER_COPY.loading} />;
}
