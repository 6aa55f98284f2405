import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const picker = style({ position: 'relative' });
export const counter = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.l,
  fontSize: '28px',
});
