import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const box = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.m,
  width: '100%',
  maxWidth: vars.size.errorBoxMax,
  margin: `${vars.space.xl} auto`,
  padding: vars.space.l,
  textAlign: 'center',
});

export const title = style({ margin: 0, fontFamily: vars.font.heading, fontSize: '32px', lineHeight: 1.2 });
export const text = style({
  margin: 0,
  fontSize: '17px',
  lineHeight: 1.5,
  color: vars.color.inkSoft,
  overflowWrap: 'anywhere',
});
