import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const root = style({ position: 'relative', display: 'grid', gap: vars.space.m });
export const list = style({
  position: 'absolute',
  zIndex: 2,
  top: `calc(${vars.size.control} + 4px)`,
  left: 0,
  right: 0,
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
  boxShadow: '0 8px 24px rgba(31, 26, 36, 0.12)',
});
export const option = style({
  display: 'grid',
  padding: `${vars.space.s} ${vars.space.m}`,
  borderRadius: vars.radius.control,
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"], &:hover': { background: vars.color.brandSoft } },
});
export const main = style({ fontWeight: 600 });
export const secondary = style({ color: vars.color.inkSoft, fontSize: '14px' });
export const empty = style({ padding: `${vars.space.s} ${vars.space.m}`, color: vars.color.inkSoft });
