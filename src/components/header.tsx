import { useState, type ReactNode } from 'react';
import { PRODUCT } from '../../contract/constants';
import { HelpDialog } from './help-dialog';
import { ArrowLeftIcon, HelpIcon, LogoutIcon, UserIcon } from './icons';
import { StepProgress } from './step-progress';
import * as css from './header.css';

export interface LogoLinkProps {
  className: string;
  'aria-label': string;
  children: ReactNode;
}

export interface HeaderProps {
  /** Renders the logo link (e.g. the router's `<Link to="/">`); a plain `<a href="/">` by default. */
  renderLogoLink?: (props: LogoLinkProps) => ReactNode;
  /** Help button and its dialog; false on /login, /ask-reset-password, /reset-password. */
  showHelp?: boolean;
  /** Logout and profile-edit buttons. */
  signedIn?: boolean;
  onLogout?: () => void;
  onEditProfile?: () => void;
  /** The back button (shown at ≤ 1024px only; the caller decides whether the page has one). */
  showBack?: boolean;
  onBack?: () => void;
  backDisabled?: boolean;
  /** The step-progress bar; null or absent on auth pages and the personal area. */
  progress?: { current: number; totalSteps: number } | null;
  /** Controlled help dialog (optional: it manages itself otherwise). */
  helpOpen?: boolean;
  onHelpOpenChange?: (open: boolean) => void;
  whatsappHref?: string;
}

const defaultLogoLink = ({ children, ...props }: LogoLinkProps) => (
  <a href="/" {...props}>
    {children}
  </a>
);

export const HEADER_LABELS = {
  home: `${PRODUCT}, torna all'inizio`,
  back: 'Indietro',
  help: 'Aiuto',
  editProfile: 'Modifica profilo',
  logout: 'Esci',
} as const;

/** The shared header (SPEC §2): logo, back on small screens, help, account buttons, progress. */
export function Header({
  renderLogoLink = defaultLogoLink,
  showHelp = true,
  signedIn = false,
  onLogout,
  onEditProfile,
  showBack = false,
  onBack,
  backDisabled = false,
  progress,
  helpOpen,
  onHelpOpenChange,
  whatsappHref,
}: HeaderProps) {
  const [ownHelpOpen, setOwnHelpOpen] = useState(false);
  const isHelpOpen = helpOpen ?? ownHelpOpen;
  const setHelpOpen = (open: boolean) => {
    if (helpOpen === undefined) setOwnHelpOpen(open);
    onHelpOpenChange?.(open);
  };

  return (
    <header className={css.header}>
      <div className={css.bar}>
        {showBack ? (
          <button
            type="button"
            className={[css.iconButton, css.back].join(' ')}
            aria-label={HEADER_LABELS.back}
            onClick={onBack}
            disabled={backDisabled}
          >
            <ArrowLeftIcon />
          </button>
        ) : null}
        {renderLogoLink({
          className: css.logoLink,
          'aria-label': HEADER_LABELS.home,
          children: <img className={css.logo} src="/logo.svg" alt={PRODUCT} width={96} height={32} />,
        })}
        <div className={css.actions}>
          {showHelp ? (
            <button
              type="button"
              className={css.iconButton}
              aria-label={HEADER_LABELS.help}
              aria-haspopup="dialog"
              aria-expanded={isHelpOpen}
              onClick={() => setHelpOpen(true)}
            >
              <HelpIcon />
            </button>
          ) : null}
          {signedIn ? (
            <>
              <button
                type="button"
                className={css.iconButton}
                aria-label={HEADER_LABELS.editProfile}
                aria-haspopup="dialog"
                onClick={onEditProfile}
              >
                <UserIcon />
              </button>
              <button type="button" className={css.iconButton} aria-label={HEADER_LABELS.logout} onClick={onLogout}>
                <LogoutIcon />
              </button>
            </>
          ) : null}
        </div>
      </div>
      {progress ? <StepProgress current={progress.current} totalSteps={progress.totalSteps} /> : null}
      {showHelp ? <HelpDialog open={isHelpOpen} onOpenChange={setHelpOpen} whatsappHref={whatsappHref} /> : null}
    </header>
  );
}
