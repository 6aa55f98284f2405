import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { shallowEqual } from '@xstate/react';
import { pathOf } from '../../machines/app/routing';
import { selectIsBusy, selectProgress } from '../../machines/app/selectors';
import { kindOf } from '../../machines/shared/draft';
import { AppToaster } from '../components/toaster';
import { Footer, FOOTER_LABELS, type FooterForm } from '../components/footer';
import { GlobalLoader } from '../components/global-loader';
import { Header } from '../components/header';
import { ScrollChip } from '../components/scroll-chip';
import { whatsappLink } from '../lib/whatsapp';
import { useCheckoutSubmitting } from '../screens/booking/checkout-step';
import { UpsellBox } from '../screens/booking/upsell-box';
import { ProfileDialog } from '../screens/profile-dialog/profile-dialog';
import { useAppActor, useAppSelector } from './actor-context';
import type { AppSnapshot } from './app-actor';
import { useIsErrorPage } from './error-page-store';
import * as css from './app-shell.css';

export type PageKind = 'home' | 'login' | 'askReset' | 'reset' | 'booking' | 'other';

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function pageKindOf(pathname: string): PageKind {
  const path = trim(pathname);
  if (path === '/') return 'home';
  if (path === '/login') return 'login';
  if (path === '/ask-reset-password') return 'askReset';
  if (path === '/reset-password') return 'reset';
  if (path === '/booking' || path.startsWith('/booking/')) return 'booking';
  return 'other';
}

/** Submit labels of the footer's main button (SPEC §2; the reset screens name their action). */
export const MAIN_LABELS = {
  login: FOOTER_LABELS.login,
  askReset: 'INVIA EMAIL',
  reset: 'CREA ACCOUNT',
} as const;

const selectChrome = (snapshot: AppSnapshot) => ({
  signedIn: snapshot.matches({ session: 'signedIn' }),
  initialising:
    snapshot.matches({ session: 'booting' }) ||
    snapshot.matches({ session: 'loadingProfile' }) ||
    snapshot.matches({ session: { signedOut: 'tokenLogin' } }),
  loggingOut: snapshot.matches({ session: 'loggingOut' }),
  busy: selectIsBusy(snapshot),
  step: snapshot.context.step,
  notFound: snapshot.context.screen === 'notFound',
});

/** Keeps `value` true for at least `ms` once it turned true (the loader's animation, SPEC §4). */
function useHeldTrue(value: boolean, ms: number): boolean {
  const [held, setHeld] = useState(value);
  const since = useRef(value ? Date.now() : 0);
  useEffect(() => {
    if (value) {
      since.current = Date.now();
      setHeld(true);
      return;
    }
    const left = ms - (Date.now() - since.current);
    if (left <= 0) {
      setHeld(false);
      return;
    }
    const timer = setTimeout(() => setHeld(false), left);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value || held;
}

/** The root layout: header, the main area, footer, loaders and toasts, driven by the machine. */
export function AppShell() {
  const actor = useAppActor();
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const chrome = useAppSelector(selectChrome, shallowEqual);
  const progress = useAppSelector(selectProgress, shallowEqual);
  const machinePath = useAppSelector(pathOf);
  const errorPage = useIsErrorPage() || chrome.notFound;
  const [main, setMain] = useState<HTMLElement | null>(null);
  const initLoader = useHeldTrue(chrome.initialising, 600);

  const kind = errorPage ? 'other' : pageKindOf(pathname);
  const onCheckout = kind === 'booking' && kindOf(chrome.step) === 'checkout';
  const submittingBooking = useCheckoutSubmitting();
  // Until the router follows the machine, the old screen would flash: show nothing.
  const inSync = machinePath === null || trim(machinePath) === trim(pathname);

  const goTo = useCallback((to: string) => void router.navigate({ href: `${to}${searchStr}` }), [router, searchStr]);

  const back = () => {
    if (kind === 'login') return goTo('/login');
    if (kind === 'askReset' || kind === 'reset') return goTo('/login');
    if (kind === 'booking') {
      if (chrome.step === 'location') return chrome.signedIn ? goTo('/') : undefined;
      actor.send({ type: 'step.back' });
    }
  };
  const backDisabled = kind === 'booking' && chrome.step === 'location' && !chrome.signedIn;

  const restart = () => {
    void router.navigate({ to: '/', replace: true, search: true }).then(() => router.invalidate());
  };

  const mainLabel = errorPage
    ? FOOTER_LABELS.restart
    : kind === 'login'
      ? MAIN_LABELS.login
      : kind === 'askReset'
        ? MAIN_LABELS.askReset
        : kind === 'reset'
          ? MAIN_LABELS.reset
          : onCheckout
            ? FOOTER_LABELS.book
            : FOOTER_LABELS.next;
  const form: FooterForm = onCheckout ? 'checkout-form' : 'app-form';
  const showFooterMain = errorPage || (kind !== 'home' && kind !== 'other');
  const sessionScreen = kind === 'login' || kind === 'askReset' || kind === 'reset';

  return (
    <div className={css.shell}>
      <Header
        renderLogoLink={({ children, ...props }) => (
          <Link to="/" search={true} {...props}>
            {children}
          </Link>
        )}
        showHelp={!sessionScreen}
        signedIn={chrome.signedIn}
        onLogout={() => actor.send({ type: 'session.logout' })}
        onEditProfile={() => actor.send({ type: 'profile.open' })}
        showBack={!errorPage && kind !== 'home' && kind !== 'login' && kind !== 'other'}
        onBack={back}
        backDisabled={backDisabled}
        progress={!errorPage && kind === 'booking' ? { current: progress.current, totalSteps: progress.total } : null}
        whatsappHref={whatsappLink({ search: searchStr })}
      />
      <main id="main" ref={setMain} className={css.main} tabIndex={-1}>
        <div className={css.content}>{inSync ? <Outlet /> : null}</div>
      </main>
      <Footer
        mainLabel={mainLabel}
        form={errorPage ? undefined : form}
        onMainClick={errorPage ? restart : undefined}
        showMain={showFooterMain}
        mainLoading={!errorPage && (chrome.busy || submittingBooking) && !initLoader && !chrome.loggingOut}
        showBack={!errorPage && kind !== 'home' && kind !== 'reset' && kind !== 'other'}
        onBack={back}
        backDisabled={backDisabled}
      >
        <ScrollChip container={main} resetKey={pathname} />
        {kind === 'booking' ? <UpsellBox /> : null}
      </Footer>
      {chrome.signedIn ? <ProfileDialog /> : null}
      <GlobalLoader visible={initLoader} />
      <GlobalLoader visible={chrome.loggingOut} variant="logout" />
      <AppToaster />
    </div>
  );
}
