import { Spinner } from '../components/spinner';
import * as css from './screen.css';

/** A screen's content while it waits (a token checked, the appointments loading): the spinner, centred. */
export function ScreenSpinner({ label }: { label: string }) {
  return (
    <div className={css.center}>
      <Spinner label={label} />
    </div>
  );
}
