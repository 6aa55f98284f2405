import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { pathOf } from '../../machines/app/routing';
import { selectIsBusy, selectPage, selectProgress, selectReschedule } from '../../machines/app/selectors';
import { kindOf } from '../../machines/shared/draft';
import { AppToaster } from '../components/toaster';
import { Footer, FOOTER_LABELS, type FooterForm } from '../components/footer';
import { GlobalLoader } from '../components/global-loader';
import { Header } from '../components/header';
import { ScrollChip } from '../components/scroll-chip';
import { whatsappLink } from '../lib/whatsapp';
import { useCheckoutSubmitting } from '../screens/booking/checkout-submitting';
import { useAppActor, useAppSelector } from '../app/actor-context';
import type { AppSnapshot } from '../app/app-actor';
import { useLoadedWhen } from '../lib/lazy-component';
import { UpsellBox } from '../screens/booking/lazy-steps';
import { ProfileDialog } from '../screens/profile-dialog/lazy-profile-dialog';
import * as css from './app-shell.css';

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Submit labels of the footer's main button (SPEC §2; the reset screens name their action). */
export const MAIN_LABELS = {
  login: FOOTER_LABELS.login,
  askReset: 'INVIA EMAIL',
  reset: 'CREA ACCOUNT',
  /** Issue 16: moving an appointment to the time chosen. */
  reschedule: 'SPOSTA QUI',
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
  appointmentId: snapshot.context.appointment?.id ?? null,
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

/**
 * True from the first time the child actor `id` leaves its `closed` state: the box it drives is
 * loaded then (its own chunk) and stays mounted, so that it can animate its closing.
 */
function useOpenedOnce(id: 'upsell'): boolean {
  const child = useAppSelector((snapshot) => snapshot.children[id]);
  const open = useSelector(child, (snapshot) => (snapshot ? snapshot.value !== 'closed' : false));
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
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
  // What to draw comes from the machine; the pathname only tells whether the router has caught up.
  const page = useAppSelector(selectPage);
  const errorPage = page === 'error';
  const [main, setMain] = useState<HTMLElement | null>(null);
  const initLoader = useHeldTrue(chrome.initialising, 600);
  const upsellOpened = useOpenedOnce('upsell');
  // The toasts' region is the browser's own (Ark positions it with an inline style, which the page's
  // Content-Security-Policy refuses in HTML): it joins once the app has taken over the prerendered screen.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // A URL the browser moved to before the router listened (back, forward or a link while the app was
  // starting: it draws in a transition, after its first load) is loaded once the app is drawn; the
  // router would stay on the first one, and the machine would never hear of it.
  useEffect(() => {
    const shown = router.history.location.href;
    if (router.state.status === 'idle' && router.state.resolvedLocation?.href !== shown) void router.load();
  }, [router]);
  // The profile dialog mounts closed, as soon as its chunk is in (it prefills itself on opening):
  // the header's button opens it once it is there.
  const profileLoaded = useLoadedWhen(ProfileDialog, chrome.signedIn || chrome.initialising);
  const [openProfile, setOpenProfile] = useState(false);
  useEffect(() => {
    if (!openProfile || !profileLoaded) return;
    setOpenProfile(false);
    actor.send({ type: 'profile.open' });
  }, [openProfile, profileLoaded, actor]);

  const onCheckout = page === 'booking' && kindOf(chrome.step) === 'checkout';
  const submittingBooking = useCheckoutSubmitting();
  const reschedule = useAppSelector(selectReschedule);
  const moving = useSelector(reschedule, (snapshot) => snapshot?.hasTag('busy') === true);
  // Until the router follows the machine, the old screen would flash: show nothing.
  const inSync = machinePath === null || trim(machinePath) === trim(pathname);

  const goTo = useCallback((to: string) => void router.navigate({ href: `${to}${searchStr}` }), [router, searchStr]);

  const back = () => {
    if (page === 'login') return goTo('/login');
    if (page === 'askReset' || page === 'reset') return goTo('/login');
    if (page === 'booking') {
      if (chrome.step === 'location') return chrome.signedIn ? goTo('/') : undefined;
      actor.send({ type: 'step.back' });
    }
    if (page === 'appointment') return goTo(chrome.signedIn ? '/' : '/booking/location');
    if (page === 'reschedule' && chrome.appointmentId)
      return goTo(`/appointments/${encodeURIComponent(chrome.appointmentId)}`);
  };
  const backDisabled = page === 'booking' && chrome.step === 'location' && !chrome.signedIn;

  const restart = () => {
    void router.navigate({ to: '/', replace: true, search: true }).then(() => router.invalidate());
  };

  const mainLabel = errorPage
    ? FOOTER_LABELS.restart
    : page === 'login'
      ? MAIN_LABELS.login
      : page === 'askReset'
        ? MAIN_LABELS.askReset
        : page === 'reset'
          ? MAIN_LABELS.reset
          : page === 'reschedule'
            ? MAIN_LABELS.reschedule
            : onCheckout
              ? FOOTER_LABELS.book
              : FOOTER_LABELS.next;
  const form: FooterForm = onCheckout ? 'checkout-form' : 'app-form';
  // The personal area and an appointment's screen hold their own actions.
  const showFooterMain = errorPage || (page !== 'home' && page !== 'appointment' && page !== 'pro' && page !== 'none');
  const sessionScreen = page === 'login' || page === 'askReset' || page === 'reset';

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
        onEditProfile={() => setOpenProfile(true)}
        showBack={!errorPage && page !== 'home' && page !== 'login' && page !== 'pro' && page !== 'none'}
        onBack={back}
        backDisabled={backDisabled}
        progress={!errorPage && page === 'booking' ? { current: progress.current, totalSteps: progress.total } : null}
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
        mainLoading={!errorPage && (chrome.busy || submittingBooking || moving) && !initLoader && !chrome.loggingOut}
        showBack={!errorPage && page !== 'home' && page !== 'reset' && page !== 'pro' && page !== 'none'}
        onBack={back}
        backDisabled={backDisabled}
      >
        <ScrollChip container={main} resetKey={pathname} />
        {page === 'booking' && upsellOpened ? (
          <Suspense fallback={null}>
            <UpsellBox />
          </Suspense>
        ) : null}
      </Footer>
      {chrome.signedIn && profileLoaded ? <ProfileDialog /> : null}
      <GlobalLoader visible={initLoader} />
      <GlobalLoader visible={chrome.loggingOut} variant="logout" />
      {mounted ? <AppToaster /> : null}
    </div>
  );
}
