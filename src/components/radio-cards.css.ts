import { style, styleVariants } from '@vanilla-extract/css';
import { vars, visuallyHidden } from '../styles/theme.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  margin: 0,
  padding: vars.space.s,
  marginInline: `calc(-1 * ${vars.space.s})`,
  borderRadius: vars.radius.control,
  transition: `background-color ${vars.motion.fast}`,
  selectors: {
    // SPEC §5: an errored radio group shows a highlighted background.
    '&[data-invalid]': { background: vars.color.errorSoft },
  },
});

export const label = style({ fontWeight: 700, fontSize: '16px', margin: 0 });
export const labelHidden = style(visuallyHidden);

const gridBase = style({ display: 'grid', gap: vars.space.s });
export const grid = styleVariants({
  1: [gridBase, { gridTemplateColumns: '1fr' }],
  2: [gridBase, { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }],
});

export const item = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.m,
  minHeight: vars.size.control,
  padding: `${vars.space.s} ${vars.space.m}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
  background: vars.color.surface,
  cursor: 'pointer',
  transition: `border-color ${vars.motion.fast}, background-color ${vars.motion.fast}`,
  selectors: {
    '&[data-state="checked"]': {
      borderColor: vars.color.brand,
      background: vars.color.brandSoft,
      boxShadow: `inset 0 0 0 1px ${vars.color.brand}`,
    },
    '&[data-hover]:not([data-disabled])': { borderColor: vars.color.brand },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 },
  },
});

export const itemStacked = style({ flexDirection: 'column', alignItems: 'flex-start', textAlign: 'left' });

export const control = style({
  flexShrink: 0,
  width: '20px',
  height: '20px',
  borderRadius: '50%',
  border: `2px solid ${vars.color.inkSoft}`,
  background: vars.color.surface,
  selectors: {
    '&[data-state="checked"]': {
      borderColor: vars.color.brand,
      boxShadow: `inset 0 0 0 4px ${vars.color.surface}`,
      background: vars.color.brand,
    },
  },
});

export const icon = style({
  display: 'inline-flex',
  flexShrink: 0,
  width: '40px',
  height: '40px',
  alignItems: 'center',
  justifyContent: 'center',
});

export const texts = style({ display: 'flex', flexDirection: 'column', gap: '2px', flex: 1, minWidth: 0 });
export const itemText = style({ fontWeight: 600, fontSize: '16px' });
export const description = style({ fontSize: '14px', color: vars.color.inkSoft });
export const aside = style({ marginLeft: 'auto', fontWeight: 600, whiteSpace: 'nowrap' });
