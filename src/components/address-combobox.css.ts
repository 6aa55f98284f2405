import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const root = style({ position: 'relative' });
export const listbox = style({
  listStyle: 'none',
  margin: `${vars.space.xs} 0 0`,
  padding: vars.space.xs,
  background: vars.color.surface,
  borderRadius: vars.radius.control,
  boxShadow: vars.shadow.raised,
});
export const option = style({
  padding: `${vars.space.s} ${vars.space.m}`,
  borderRadius: vars.radius.control,
  cursor: 'pointer',
  minHeight: vars.size.touch,
  selectors: { '&[aria-selected="true"], &:hover': { background: vars.color.brandSoft } },
});
export const optionSecondary = style({ display: 'block', color: vars.color.inkSoft, fontSize: '14px' });
export const status = style({ padding: vars.space.m, color: vars.color.inkSoft });
