import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/** Header on top, the main area scrolls, the footer stays at the bottom (SPEC §2 chrome). */
export const shell = style({
  height: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  maxWidth: vars.size.wrapperMax,
  margin: '0 auto',
});

export const main = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  width: '100%',
  outline: 'none',
});

export const content = style({
  width: '100%',
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space.m} ${vars.space.m} ${vars.space.xl}`,
});
