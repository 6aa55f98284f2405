import { style } from '@vanilla-extract/css';
import { vars, wide } from '../styles/theme.css';

export const footer = style({
  position: 'sticky',
  bottom: 0,
  zIndex: vars.z.footer,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  padding: `${vars.space.s} ${vars.space.m} calc(${vars.space.m} + env(safe-area-inset-bottom, 0px))`,
  background: vars.color.surfaceAlt,
});

export const slot = style({ position: 'relative', display: 'flex', justifyContent: 'center' });

export const buttons = style({
  display: 'flex',
  gap: vars.space.s,
  width: '100%',
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
});

export const main = style({ flex: 1 });

/** SPEC §2: the footer's back button shows only at width 1024px or more. */
export const back = style({ display: 'none', '@media': { [wide]: { display: 'inline-flex' } } });
