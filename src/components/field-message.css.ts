import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const error = style({
  margin: `${vars.space.xs} 0 0`,
  fontSize: '14px',
  color: vars.color.error,
  selectors: { '&:empty': { display: 'none' } },
});
