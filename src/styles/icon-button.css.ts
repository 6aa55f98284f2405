import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** A round, touch-sized button holding only an icon (the header's, the upsell's close, the password's eye). */
export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.touch,
  height: vars.size.touch,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.ink,
  cursor: 'pointer',
});
