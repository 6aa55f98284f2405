import { useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { PRODUCT } from '../../contract/constants';
import { ANALYTICS_LABEL_ATTRIBUTE, trackPopup } from '../lib/analytics';
import { HelpDialog } from './help-dialog';
import { ArrowLeftIcon, HelpIcon, LogoutIcon, UserIcon } from './icons';
import { StepProgress } from './step-progress';
import * as css from './header.css';

export interface LogoLinkProps {
  className: string;
  'aria-label': string;
  'data-analytics-label': string;
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

/** The fixed names the header's icon buttons report in `button_click` (docs/analytics.md). */
export const HEADER_ANALYTICS = {
  home: 'logo',
  back: 'indietro',
  help: 'aiuto',
  editProfile: 'profilo',
  logout: 'esci',
} as const;

/** One of the header's round icon buttons: its name is its label, its analytics label its own. */
function HeaderButton({
  label,
  analytics,
  className,
  children,
  ...rest
}: { label: string; analytics: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-label'>) {
  return (
    <button
      type="button"
      className={className ? `${css.iconButton} ${className}` : css.iconButton}
      aria-label={label}
      {...{ [ANALYTICS_LABEL_ATTRIBUTE]: analytics }}
      {...rest}
    >
      {children}
    </button>
  );
}

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
    // The help dialog is the header's own (no machine state): it reports its popup when it opens.
    if (open && !isHelpOpen) trackPopup('aiuto');
    if (helpOpen === undefined) setOwnHelpOpen(open);
    onHelpOpenChange?.(open);
  };

  return (
    <header className={css.header}>
      <div className={css.bar}>
        {showBack ? (
          <HeaderButton
            className={css.back}
            label={HEADER_LABELS.back}
            analytics={HEADER_ANALYTICS.back}
            onClick={onBack}
            disabled={backDisabled}
          >
            <ArrowLeftIcon />
          </HeaderButton>
        ) : null}
        {renderLogoLink({
          className: css.logoLink,
          'aria-label': HEADER_LABELS.home,
          'data-analytics-label': HEADER_ANALYTICS.home,
          children: <img className={css.logo} src="/logo.svg" alt={PRODUCT} width={96} height={32} />,
        })}
        <div className={css.actions}>
          {showHelp ? (
            <HeaderButton
              label={HEADER_LABELS.help}
              analytics={HEADER_ANALYTICS.help}
              aria-haspopup="dialog"
              aria-expanded={isHelpOpen}
              onClick={() => setHelpOpen(true)}
            >
              <HelpIcon />
            </HeaderButton>
          ) : null}
          {signedIn ? (
            <>
              <HeaderButton
                label={HEADER_LABELS.editProfile}
                analytics={HEADER_ANALYTICS.editProfile}
                aria-haspopup="dialog"
                onClick={onEditProfile}
              >
                <UserIcon />
              </HeaderButton>
              <HeaderButton label={HEADER_LABELS.logout} analytics={HEADER_ANALYTICS.logout} onClick={onLogout}>
                <LogoutIcon />
              </HeaderButton>
            </>
          ) : null}
        </div>
      </div>
      {progress ? <StepProgress current={progress.current} totalSteps={progress.totalSteps} /> : null}
      {showHelp ? <HelpDialog open={isHelpOpen} onOpenChange={setHelpOpen} whatsappHref={whatsappHref} /> : null}
    </header>
  );
}
