import { useErrorPageShown } from './error-page-shown';
import { NotFound } from '../../components/error-box';

/** Unknown path (SPEC §2): 'Errore 404' and the not-found text; the footer offers TORNA ALL'INIZIO. */
export function NotFoundScreen() {
  useErrorPageShown();
  return <NotFound />;
}
