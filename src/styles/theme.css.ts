import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { DELAYS, SIZES } from '../../contract/constants';

const px = (n: number) => `${n}px`;

/** Design tokens: SPEC §9 sizes and timings, one place. */
export const vars = createGlobalTheme(':root', {
  color: {
    ink: '#1f1a24',
    inkSoft: '#5b5463',
    surface: '#ffffff',
    surfaceAlt: '#f7f3f0',
    brand: '#8a3b5c',
    brandInk: '#ffffff',
    brandSoft: '#f4e4ea',
    border: '#d9d2d6',
    focus: '#2459c7',
    error: '#b3261e',
    errorSoft: '#fdecea',
    success: '#1e6b3a',
    successSoft: '#e6f4ea',
    warning: '#8a5a00',
    warningSoft: '#fff4dc',
    overlay: 'rgba(31, 26, 36, 0.48)',
    disabled: '#b9b2b7',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'Georgia, "Times New Roman", serif',
  },
  size: {
    control: px(SIZES.controlHeight),
    contentMax: px(SIZES.contentMaxWidth + SIZES.contentGutter),
    wrapperMax: px(SIZES.wrapperMaxWidth),
    errorBoxMax: px(SIZES.errorBoxMaxWidth),
    modalMax: px(SIZES.modalMaxWidth),
    helpDialogMax: px(SIZES.helpDialogMaxWidth),
    profileDialogMaxHeight: px(SIZES.profileDialogMaxHeight),
    spinner: px(SIZES.spinner),
    spinnerInButton: px(SIZES.spinnerInButton),
    icon: '24px',
    touch: '44px',
  },
  radius: {
    modal: px(SIZES.modalRadius),
    sheetTop: px(SIZES.sheetTopRadius),
    control: '12px',
    pill: '999px',
  },
  space: { xs: '4px', s: '8px', m: '16px', l: '24px', xl: '40px' },
  motion: {
    label: `${DELAYS.floatingLabel}ms`,
    stagger: `${DELAYS.fadeInStagger}ms`,
    fast: '150ms',
    sheet: '240ms',
    easing: 'cubic-bezier(0.2, 0, 0, 1)',
  },
  shadow: {
    card: '0 1px 3px rgba(31, 26, 36, 0.12)',
    raised: '0 8px 32px rgba(31, 26, 36, 0.18)',
  },
  z: {
    header: '10',
    footer: '20',
    dialog: '100',
    toast: '200',
    loader: '300',
  },
});

/** The one breakpoint of SPEC §9: ≤ 1024px is mobile/tablet, above is desktop. */
export const desktop = `screen and (min-width: ${SIZES.desktopBreakpoint + 1}px)`;
export const mobile = `screen and (max-width: ${SIZES.desktopBreakpoint}px)`;
/** SPEC §2: the footer's back button shows "at width 1024px or more" (inclusive, unlike `desktop`). */
export const wide = `screen and (min-width: ${SIZES.desktopBreakpoint}px)`;
export const reducedMotion = '(prefers-reduced-motion: reduce)';
export const noMotionPreference = '(prefers-reduced-motion: no-preference)';

/** Hides content visually while screen readers still read it. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', {
  margin: 0,
  fontFamily: vars.font.body,
  color: vars.color.ink,
  background: vars.color.surfaceAlt,
  WebkitTextSizeAdjust: '100%',
});
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
