import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/** Shared look of the screens: headings, stacked forms, notes, cards. */
export const title = style({
  fontFamily: vars.font.heading,
  fontSize: '28px',
  lineHeight: 1.2,
  margin: `${vars.space.m} 0 ${vars.space.l}`,
});
/** A heading the app moves the focus to (a step's title): the focus ring would only distract there. */
export const focusTarget = style({ selectors: { '&:focus': { outline: 'none' } } });
export const subtitle = style({ fontSize: '20px', margin: `${vars.space.l} 0 ${vars.space.s}`, fontWeight: 600 });
export const lead = style({ margin: `${vars.space.m} 0 0`, color: vars.color.inkSoft, fontSize: '18px' });
export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  border: 0,
  padding: 0,
  margin: 0,
});
export const note = style({ color: vars.color.inkSoft, fontSize: '14px', lineHeight: 1.5 });
export const link = style({ color: vars.color.brand, fontWeight: 600 });
export const center = style({ display: 'flex', justifyContent: 'center', padding: vars.space.xl });
export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.control,
  boxShadow: vars.shadow.card,
  padding: vars.space.m,
  margin: `${vars.space.s} 0`,
});
export const highlighted = style({ border: `2px solid ${vars.color.brand}`, background: vars.color.brandSoft });
export const row = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.s });
export const list = style({ listStyle: 'none', padding: 0, margin: 0 });
export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s, marginTop: vars.space.l });
/** A card's label–value lines (an appointment's state, end, address, professional). */
export const details = style({ display: 'grid', gap: vars.space.xs, margin: `${vars.space.s} 0` });
globalStyle(`${details} dd`, { margin: 0, fontWeight: 600, textAlign: 'right' });
