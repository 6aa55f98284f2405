import { Spinner } from './spinner';
import * as css from './global-loader.css';

export interface GlobalLoaderProps {
  /** Covers the app while true: until initialised, and during logout (SPEC §2, §4). */
  visible: boolean;
  /** `logout` shows the animated logo with its own message. */
  variant?: 'init' | 'logout';
}

const LABELS = { init: 'Caricamento in corso', logout: 'Disconnessione in corso' } as const;

/** A full-screen loader with the logo and a 32px spinner, announced politely. */
export function GlobalLoader({ visible, variant = 'init' }: GlobalLoaderProps) {
  if (!visible) return null;
  return (
    <div
      className={[css.overlay, variant === 'logout' ? css.logout : ''].filter(Boolean).join(' ')}
      data-variant={variant}
      aria-busy="true"
    >
      <img className={css.logo} src="/logo.svg" alt="" width={120} height={40} />
      <Spinner label={LABELS[variant]} />
    </div>
  );
}
