import { createFileRoute } from '@tanstack/react-router';
import { WaitlistOfferScreen } from '../../screens/waitlist/waitlist-offer-screen';

/** Issue 16: a waitlist offer's e-mail link (`?token=`): the wizard opens on the freed day. */
export const Route = createFileRoute('/waitlist/$entryId')({ component: WaitlistOfferScreen });
