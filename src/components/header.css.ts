import { style } from '@vanilla-extract/css';
import { desktop, vars } from '../styles/theme.css';
import { iconButton as iconButtonBase } from '../styles/icon-button.css';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.z.header,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  paddingBottom: vars.space.s,
  background: vars.color.surfaceAlt,
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '64px',
  padding: `${vars.space.s} ${vars.space.s}`,
  '@media': { [desktop]: { padding: `${vars.space.s} ${vars.space.l}` } },
});

export const logoLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.s}`,
  borderRadius: vars.radius.control,
});

export const logo = style({ display: 'block', height: '32px', width: 'auto' });

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, marginLeft: 'auto' });

export const iconButton = style([
  iconButtonBase,
  {
    selectors: {
      '&:hover:not(:disabled)': { background: vars.color.brandSoft },
      '&:disabled': { color: vars.color.disabled, cursor: 'not-allowed' },
    },
  },
]);

/** SPEC §2: the header's back button exists only at ≤ 1024px. */
export const back = style({ '@media': { [desktop]: { display: 'none' } } });
