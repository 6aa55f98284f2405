import { style } from '@vanilla-extract/css';
import { vars, visuallyHidden } from '../../styles/theme.css';

/** One professional's stars and comment. */
export const professional = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  border: 0,
  padding: 0,
  margin: `${vars.space.l} 0 0`,
  minWidth: 0,
});

export const hidden = style(visuallyHidden);

export const name = style({ fontSize: '20px', fontWeight: 600, padding: 0, margin: 0 });

/** The thanks after a save (an empty live region until then). */
export const thanks = style({
  margin: `${vars.space.m} 0 0`,
  padding: vars.space.m,
  borderRadius: vars.radius.control,
  background: vars.color.successSoft,
  color: vars.color.success,
  fontWeight: 600,
  selectors: { '&:empty': { display: 'none' } },
});
