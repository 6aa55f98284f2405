import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { LIMITS } from '../../../contract/constants';
import { reducedMotion, vars } from '../../styles/theme.css';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

export const skeleton = style({
  height: vars.size.control,
  borderRadius: vars.radius.control,
  background: vars.color.border,
  animation: `${pulse} 1.2s ease-in-out infinite`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});
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

export const month = style({
  margin: `${vars.space.s} 0`,
  fontWeight: 700,
  textTransform: 'capitalize',
});
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
export const empty = style({ textAlign: 'center', padding: `${vars.space.l} ${vars.space.m}` });
export const emptyTitle = style({ fontWeight: 700, fontSize: '18px', margin: `0 0 ${vars.space.s}` });

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
