import { style } from '@vanilla-extract/css';
import { reducedMotion, vars, visuallyHidden } from '../styles/theme.css';

export const group = style({
  width: 'min(calc(100vw - 32px), 480px)',
  outline: 'none',
});

export const root = style({
  // Positions come from zag's inline custom properties (placement, stacking, enter/exit).
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale, 1)',
  zIndex: 'var(--z-index)',
  height: 'var(--height)',
  opacity: 'var(--opacity)',
  willChange: 'translate, opacity, scale',
  transitionProperty: 'translate, scale, opacity, height, box-shadow',
  transitionDuration: '400ms',
  transitionTimingFunction: 'cubic-bezier(0.21, 1.02, 0.73, 1)',
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'start',
  gap: vars.space.s,
  width: '100%',
  padding: `${vars.space.m} ${vars.space.s} ${vars.space.m} ${vars.space.m}`,
  borderRadius: vars.radius.control,
  background: vars.color.surface,
  color: vars.color.ink,
  boxShadow: vars.shadow.raised,
  borderLeft: `6px solid ${vars.color.inkSoft}`,
  selectors: {
    '&[data-state="closed"]': { transitionDuration: '300ms', transitionTimingFunction: 'ease-in' },
    '&[data-type="error"]': { borderLeftColor: vars.color.error },
    '&[data-type="success"]': { borderLeftColor: vars.color.success },
    '&[data-type="warning"]': { borderLeftColor: vars.color.warning },
    '&[data-type="info"]': { borderLeftColor: vars.color.brand },
    '&[data-type="loading"]': { borderLeftColor: vars.color.brand },
  },
  '@media': { [reducedMotion]: { transitionDuration: '0ms' } },
});

export const icon = style({ display: 'inline-flex', paddingTop: '2px' });
export const texts = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const title = style({ fontWeight: 700, fontSize: '15px', lineHeight: 1.4, overflowWrap: 'anywhere' });
export const description = style({ fontSize: '14px', lineHeight: 1.4, color: vars.color.inkSoft });
export const action = style({
  justifySelf: 'start',
  marginTop: vars.space.xs,
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.brand,
  font: 'inherit',
  fontWeight: 700,
  textDecoration: 'underline',
  cursor: 'pointer',
});
export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '36px',
  height: '36px',
  marginTop: '-6px',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.inkSoft,
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.ink, background: vars.color.surfaceAlt } },
});

export const srOnly = style(visuallyHidden);
