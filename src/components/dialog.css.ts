import { keyframes, style } from '@vanilla-extract/css';
import { desktop, reducedMotion, vars, visuallyHidden } from '../styles/theme.css';

/** Custom properties set inline per dialog (help 390px, profile max height 800px). */
export const maxWidthProperty = '--dialog-max-width';
export const maxHeightProperty = '--dialog-max-height';
const maxWidthVar = `var(${maxWidthProperty}, ${vars.size.modalMax})`;
const maxHeightVar = `var(${maxHeightProperty}, 100dvh)`;

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const sheetIn = keyframes({ from: { transform: 'translateY(100%)' }, to: { transform: 'translateY(0)' } });
/** Set inline when the sheet is dragged away, so it leaves from where it was let go. */
export const dragOffsetProperty = '--sheet-drag-offset';
const sheetOut = keyframes({
  from: { transform: `translateY(var(${dragOffsetProperty}, 0px))` },
  to: { transform: 'translateY(100%)' },
});
const modalIn = keyframes({
  from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});
const modalOut = keyframes({ from: { opacity: 1, transform: 'none' }, to: { opacity: 0, transform: 'scale(0.98)' } });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.z.dialog,
  background: vars.color.overlay,
  selectors: {
    '&[data-state="open"]': { animation: `${fadeIn} ${vars.motion.sheet} ease-out` },
    '&[data-state="closed"]': { animation: `${fadeOut} ${vars.motion.sheet} ease-in` },
  },
  '@media': { [reducedMotion]: { animation: 'none !important' } },
});

export const positioner = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.z.dialog,
  display: 'flex',
  // Mobile first: a bottom sheet (SPEC §4, ≤ 1024px).
  alignItems: 'flex-end',
  justifyContent: 'center',
  '@media': {
    [desktop]: { alignItems: 'center', padding: vars.space.l },
  },
});

export const content = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  maxHeight: `min(92dvh, ${maxHeightVar})`,
  background: vars.color.surface,
  color: vars.color.ink,
  borderRadius: `${vars.radius.sheetTop} ${vars.radius.sheetTop} 0 0`,
  boxShadow: vars.shadow.raised,
  outline: 'none',
  paddingBottom: 'env(safe-area-inset-bottom, 0px)',
  selectors: {
    '&[data-state="open"]': { animation: `${sheetIn} ${vars.motion.sheet} ${vars.motion.easing}` },
    '&[data-state="closed"]': { animation: `${sheetOut} ${vars.motion.sheet} ease-in` },
  },
  '@media': {
    [desktop]: {
      maxWidth: maxWidthVar,
      maxHeight: `min(calc(100dvh - 48px), ${maxHeightVar})`,
      borderRadius: vars.radius.modal,
      paddingBottom: 0,
      selectors: {
        '&[data-state="open"]': { animation: `${modalIn} ${vars.motion.sheet} ${vars.motion.easing}` },
        '&[data-state="closed"]': { animation: `${modalOut} 160ms ease-in` },
      },
    },
    [reducedMotion]: { animation: 'none !important' },
  },
});

export const header = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.s,
  padding: `${vars.space.l} ${vars.space.m} ${vars.space.s} ${vars.space.l}`,
  // The sheet is dragged from its header: no browser panning there.
  touchAction: 'none',
  userSelect: 'none',
  '@media': { [desktop]: { touchAction: 'auto', userSelect: 'auto', paddingTop: vars.space.l } },
});

export const grabber = style({
  position: 'absolute',
  top: vars.space.s,
  left: '50%',
  width: '40px',
  height: '4px',
  marginLeft: '-20px',
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  '@media': { [desktop]: { display: 'none' } },
});

export const title = style({
  flex: 1,
  margin: 0,
  paddingTop: vars.space.s,
  fontFamily: vars.font.heading,
  fontSize: '22px',
  lineHeight: 1.25,
});
export const titleHidden = style(visuallyHidden);

export const close = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.touch,
  height: vars.size.touch,
  marginLeft: 'auto',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.ink,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceAlt } },
});

export const body = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: `0 ${vars.space.l} ${vars.space.l}`,
});

export const description = style({ margin: `0 0 ${vars.space.m}`, color: vars.color.inkSoft, lineHeight: 1.5 });

export const footer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  padding: `${vars.space.m} ${vars.space.l} ${vars.space.l}`,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': { [desktop]: { flexDirection: 'row-reverse', justifyContent: 'flex-start' } },
});
