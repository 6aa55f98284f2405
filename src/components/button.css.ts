import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

const base = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.s,
  minHeight: vars.size.control,
  padding: `0 ${vars.space.l}`,
  border: '2px solid transparent',
  borderRadius: vars.radius.pill,
  font: 'inherit',
  fontWeight: 700,
  fontSize: '16px',
  letterSpacing: '0.04em',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast}, color ${vars.motion.fast}, border-color ${vars.motion.fast}`,
  WebkitTapHighlightColor: 'transparent',
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed' },
    '&[aria-busy="true"]': { cursor: 'progress' },
  },
});

export const variant = styleVariants({
  primary: [
    base,
    {
      background: vars.color.brand,
      color: vars.color.brandInk,
      selectors: {
        '&:hover:not(:disabled)': { background: vars.color.ink },
        '&:disabled:not([aria-busy="true"])': { background: vars.color.disabled },
      },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.brand,
      borderColor: vars.color.brand,
      selectors: {
        '&:hover:not(:disabled)': { background: vars.color.brandSoft },
        '&:disabled:not([aria-busy="true"])': { color: vars.color.disabled, borderColor: vars.color.disabled },
      },
    },
  ],
  link: [
    base,
    {
      minHeight: vars.size.touch,
      padding: `0 ${vars.space.xs}`,
      background: 'transparent',
      color: vars.color.brand,
      letterSpacing: 0,
      textDecoration: 'underline',
      textUnderlineOffset: '3px',
      selectors: { '&:disabled': { color: vars.color.disabled } },
    },
  ],
});

export const fullWidth = style({ width: '100%' });

export const label = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.s });

/** The label stays in the accessibility tree while the spinner covers it. */
export const labelHidden = style({ opacity: 0 });

export const spinnerSlot = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: 'currentColor',
});
