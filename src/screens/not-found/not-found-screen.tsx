import { useMarkErrorPage } from '../../app/error-page-store';
import { NotFound } from '../../components/error-box';

/** Unknown path (SPEC §2): 'Errore 404' and the not-found text; the footer offers TORNA ALL'INIZIO. */
export function NotFoundScreen() {
  useMarkErrorPage();
  return <NotFound />;
}
