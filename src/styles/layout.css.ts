import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const shell = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  maxWidth: vars.size.wrapperMax,
  margin: '0 auto',
});
export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: vars.space.m,
});
export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `0 ${vars.space.m}`,
});
export const title = style({ fontFamily: vars.font.heading, fontSize: '28px', lineHeight: 1.2 });
