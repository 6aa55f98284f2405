import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The professionals' side: her agenda's days, the appointments' cards, the answer panels. */
export const day = style({ margin: `${vars.space.l} 0 ${vars.space.s}` });
export const dayTitle = style({ fontSize: '20px', fontWeight: 700, margin: 0, textTransform: 'none' });
export const time = style({ fontSize: '22px', fontWeight: 700, margin: 0 });
export const travel = style({ color: vars.color.inkSoft, fontSize: '14px', margin: `${vars.space.xs} 0 0` });
export const status = style({
  display: 'inline-block',
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xs} ${vars.space.s}`,
  fontSize: '14px',
  fontWeight: 600,
});
export const statusOf = {
  confirmed: style([status, { background: vars.color.successSoft, color: vars.color.success }]),
  pending: style([status, { background: vars.color.warningSoft, color: vars.color.warning }]),
  cancelled: style([status, { background: vars.color.errorSoft, color: vars.color.error }]),
} as const;
/** Label above value: long addresses and notes wrap on a 390px screen. */
export const facts = style({ display: 'grid', gap: vars.space.s, margin: `${vars.space.m} 0 0` });
globalStyle(`${facts} dt`, { color: vars.color.inkSoft, fontSize: '14px' });
globalStyle(`${facts} dd`, { margin: 0, fontWeight: 600 });
export const services = style({ listStyle: 'none', padding: 0, margin: 0 });
/** A link she taps with her thumb (phone, maps): at least 44px high. */
export const tapLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touch,
  color: vars.color.brand,
  fontWeight: 700,
});
export const alert = style({ color: vars.color.error });
/** A card whose heading's link covers it all: one big target. */
export const linkCard = style({ position: 'relative' });
export const cardLink = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: { '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.control } },
});
export const deadline = style({ color: vars.color.warning, fontWeight: 700, margin: `${vars.space.s} 0 0` });
export const badge = style({
  display: 'inline-block',
  marginLeft: vars.space.s,
  borderRadius: vars.radius.pill,
  padding: `0 ${vars.space.s}`,
  background: vars.color.brandSoft,
  color: vars.color.brand,
  fontSize: '14px',
  fontWeight: 700,
});
export const panel = style({ marginTop: vars.space.l });
/** A second full-width link under the first (the agenda's way to her time off). */
export const spaced = style({ marginTop: vars.space.s });

/** Issue 40, the team's board: the columns stack on a phone and sit side by side on a wider screen. */
export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: vars.space.m,
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
/** A labelled native select (the board's city and the professionals offered). */
export const selectField = style({ display: 'grid', gap: vars.space.xs, margin: `0 0 ${vars.space.m}` });
export const select = style({
  minHeight: '48px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
  background: vars.color.surface,
  color: vars.color.ink,
  padding: `0 ${vars.space.s}`,
  fontSize: '16px',
});

/** Issue 40: one weekday of her week, its ranges side by side on a wider screen. */
export const weekday = style({ border: 0, padding: 0, margin: `${vars.space.m} 0 0`, minWidth: 0 });
export const weekdayName = style({ fontSize: '18px', fontWeight: 700, padding: 0, marginBottom: vars.space.s });
export const range = style({
  border: 0,
  padding: 0,
  margin: `0 0 ${vars.space.s}`,
  minWidth: 0,
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.s,
  alignItems: 'start',
});
export const rangeActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s });
