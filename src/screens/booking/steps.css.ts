import { globalStyle, style } from '@vanilla-extract/css';
import { vars, visuallyHidden } from '../../styles/theme.css';

export const skeletonList = style({ display: 'grid', gap: vars.space.s, marginTop: vars.space.m });

export const group = style({ marginTop: vars.space.l });
export const groupTitle = style({ fontSize: '20px', fontWeight: 700, margin: `0 0 ${vars.space.s}` });
export const sectionTitle = style({ fontSize: '16px', fontWeight: 600, margin: `${vars.space.m} 0 ${vars.space.xs}` });
export const price = style({ fontWeight: 700, whiteSpace: 'nowrap' });
export const meta = style({ display: 'block', color: vars.color.inkSoft, fontSize: '14px' });
export const moreOptions = style({
  marginTop: vars.space.xs,
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.brand,
  fontWeight: 600,
  textDecoration: 'underline',
  cursor: 'pointer',
  minHeight: '32px',
});
export const checkboxRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.s,
});
export const help = style({ marginTop: vars.space.l });

export const upsell = style({
  width: '100%',
  maxWidth: vars.size.contentMax,
  maxHeight: '50vh',
  overflowY: 'auto',
  padding: vars.space.m,
  background: vars.color.surface,
  borderRadius: vars.radius.sheetTop,
  boxShadow: vars.shadow.raised,
});
export const upsellHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });
export const upsellTitle = style({ fontSize: '18px', fontWeight: 700, margin: 0 });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.s,
  marginTop: vars.space.l,
});
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `0 0 0 ${vars.space.m}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  fontWeight: 600,
});
export const summaryLine = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.s,
  padding: `${vars.space.xs} 0`,
});
export const summaryTotal = style([
  summaryLine,
  {
    borderTop: `1px solid ${vars.color.border}`,
    marginTop: vars.space.s,
    paddingTop: vars.space.s,
    fontWeight: 700,
    fontSize: '18px',
  },
]);
export const strike = style({ textDecoration: 'line-through', color: vars.color.inkSoft, marginRight: vars.space.xs });
export const couponRow = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.s });
export const couponField = style({ flex: 1 });
export const couponButton = style({ height: vars.size.control, minWidth: '110px' });
export const notice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  padding: vars.space.m,
  margin: `${vars.space.m} 0`,
  borderRadius: vars.radius.control,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});
globalStyle(`${notice} > p`, { margin: 0 });
export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.s,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `2px ${vars.space.s}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '6px',
  background: vars.color.surface,
  fontSize: '12px',
  fontWeight: 700,
});
export const fields = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, marginTop: vars.space.m });
export const toggle = style({
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.brand,
  fontWeight: 700,
  cursor: 'pointer',
});

/**
 * A containing block for the checkboxes' visually hidden inputs: without one they are placed
 * against the page, outside the scrolling main area, and focusing one scrolls the whole document.
 */
export const positioned = style({ position: 'relative' });

/** Read by screen readers only (the hold's last-minute announcement, issue 28). */
export const hidden = style(visuallyHidden);
