import { style } from '@vanilla-extract/css';
import { reducedMotion, vars } from '../styles/theme.css';

export const bar = style({ display: 'flex', gap: vars.space.xs, width: '100%', padding: `0 ${vars.space.m}` });

export const segment = style({
  flex: 1,
  height: '4px',
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  transition: `background-color ${vars.motion.sheet}`,
  selectors: { '&[data-filled]': { background: vars.color.brand } },
  '@media': { [reducedMotion]: { transition: 'none' } },
});
