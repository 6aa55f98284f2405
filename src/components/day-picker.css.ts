import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const days = style({
  overflowX: 'auto',
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.s}`,
  scrollSnapType: 'x proximity',
});
export const dayGrid = style({ display: 'flex', gap: vars.space.s, width: 'max-content' });
export const monthGroup = style({ display: 'flex', flexDirection: 'column', flexShrink: 0 });
export const monthDays = style({ display: 'flex', gap: vars.space.s });
export const monthLabel = style({
  position: 'sticky',
  left: 0,
  fontWeight: 700,
  textTransform: 'capitalize',
  marginBottom: vars.space.xs,
  alignSelf: 'flex-start',
});
export const day = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '52px',
  height: '68px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
  background: vars.color.surface,
  color: vars.color.ink,
  cursor: 'pointer',
  scrollSnapAlign: 'start',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.brand,
      color: vars.color.brandInk,
      borderColor: vars.color.brand,
    },
    '&:disabled': { color: vars.color.disabled, cursor: 'not-allowed', background: vars.color.surfaceAlt },
  },
});
export const weekday = style({ fontSize: '12px', textTransform: 'capitalize' });
export const dayNumber = style({ fontSize: '20px', fontWeight: 700 });
