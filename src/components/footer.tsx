import type { ReactNode } from 'react';
import { Button } from './button';
import { ArrowLeftIcon } from './icons';
import * as css from './footer.css';

/** SPEC §2's labels of the footer's main button. */
export const FOOTER_LABELS = {
  next: 'AVANTI',
  login: 'LOGIN',
  restart: "TORNA ALL'INIZIO",
  back: 'INDIETRO',
  /** The checkout child step's main button. */
  book: 'RICHIEDI PRENOTAZIONE',
} as const;

export type FooterForm = 'checkout-form' | 'app-form';

export interface FooterProps {
  /** 'AVANTI' normally, 'LOGIN' on /login, "TORNA ALL'INIZIO" on the error page. */
  mainLabel: string;
  /** The form the main button submits (`checkout-form` on the checkout child step, else `app-form`). */
  form?: FooterForm;
  /** For a main button that submits nothing (the error page's restart). */
  onMainClick?: () => void;
  showMain?: boolean;
  mainLoading?: boolean;
  mainDisabled?: boolean;
  /** Whether the page has a back button at all; it is visible at ≥ 1024px only. */
  showBack?: boolean;
  onBack?: () => void;
  backDisabled?: boolean;
  /** Content above the buttons: the 'Scorri' chip, the upsell box. */
  children?: ReactNode;
}

/** The fixed navigation area: back (wide screens) and the main action. */
export function Footer({
  mainLabel,
  form,
  onMainClick,
  showMain = true,
  mainLoading = false,
  mainDisabled = false,
  showBack = false,
  onBack,
  backDisabled = false,
  children,
}: FooterProps) {
  if (!showMain && !showBack && !children) return null;
  return (
    <footer className={css.footer}>
      {children ? <div className={css.slot}>{children}</div> : null}
      <div className={css.buttons}>
        {showBack ? (
          <Button variant="secondary" className={css.back} onClick={onBack} disabled={backDisabled}>
            <ArrowLeftIcon />
            {FOOTER_LABELS.back}
          </Button>
        ) : null}
        {showMain ? (
          <Button
            variant="primary"
            className={css.main}
            type={form ? 'submit' : 'button'}
            form={form}
            onClick={onMainClick}
            loading={mainLoading}
            disabled={mainDisabled}
          >
            {mainLabel}
          </Button>
        ) : null}
      </div>
    </footer>
  );
}
