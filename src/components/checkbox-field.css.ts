import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const field = style({ display: 'flex', flexDirection: 'column' });

export const root = style({
  // Ark's hidden input is absolutely positioned: anchored here, focusing it never scrolls the page.
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.s,
  minHeight: vars.size.touch,
  paddingBlock: vars.space.s,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 } },
});

export const control = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '24px',
  height: '24px',
  borderRadius: '6px',
  border: `2px solid ${vars.color.inkSoft}`,
  background: vars.color.surface,
  color: vars.color.brandInk,
  selectors: {
    '&[data-state="checked"]': { background: vars.color.brand, borderColor: vars.color.brand },
    '&[data-invalid]': { borderColor: vars.color.error },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const label = style({ fontSize: '15px', lineHeight: 1.5 });
export const description = style({ margin: `0 0 0 32px`, fontSize: '14px', color: vars.color.inkSoft });
export const error = style({
  margin: '0 0 0 32px',
  fontSize: '14px',
  color: vars.color.error,
  selectors: { '&:empty': { display: 'none' } },
});
