import { style } from '@vanilla-extract/css';
import { vars, visuallyHidden } from '../styles/theme.css';

/** A star: outlined when empty, filled in the brand colour when given. */
export const star = style({
  display: 'block',
  flexShrink: 0,
  color: vars.color.inkSoft,
  fill: 'none',
  selectors: { '&[data-filled]': { color: vars.color.brand, fill: 'currentColor' } },
});

/** Stars shown, not chosen (a rating given): in a row. */
export const shown = style({ display: 'inline-flex', gap: '2px', verticalAlign: 'middle' });

export const label = style({ fontWeight: 700, fontSize: '16px', margin: 0 });

/** The five stars to choose from: each a touch target of its own. */
export const picker = style({ display: 'flex', gap: vars.space.xs, margin: `${vars.space.xs} 0 0` });

export const option = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.touch,
  height: vars.size.touch,
  borderRadius: vars.radius.control,
  cursor: 'pointer',
});

/** The native radio: keyboard and screen readers use it; the star beside it is what shows. */
export const input = style({ ...visuallyHidden, margin: 0 });

export const optionStar = style({
  borderRadius: vars.radius.control,
  selectors: {
    [`${input}:focus-visible + &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '4px' },
    [`${option}:hover > &`]: { transform: 'scale(1.1)' },
  },
});

export const hidden = style(visuallyHidden);
