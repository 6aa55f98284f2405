import { style } from '@vanilla-extract/css';
import { LIMITS } from '../../contract/constants';
import { vars } from '../styles/theme.css';
import { day } from './day-picker.css';

export const slots = style({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fill, minmax(${LIMITS.slotGridMinColumnPx}px, 1fr))`,
  gap: vars.space.s,
  marginTop: vars.space.m,
});
export const slot = style([
  day,
  { width: 'auto', height: vars.size.control, flexDirection: 'column', fontWeight: 600 },
]);
export const supplement = style({ fontSize: '12px', fontWeight: 400 });
export const emptyActions = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.s,
  marginTop: vars.space.m,
});
