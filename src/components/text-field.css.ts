import { style } from '@vanilla-extract/css';
import { reducedMotion, vars } from '../styles/theme.css';
import { iconButton as iconButtonBase } from '../styles/icon-button.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, width: '100%' });

export const control = style({ position: 'relative', display: 'flex', alignItems: 'stretch' });

export const input = style({
  width: '100%',
  minHeight: vars.size.control,
  padding: `22px ${vars.space.m} 6px`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
  background: vars.color.surface,
  color: vars.color.ink,
  font: 'inherit',
  // 16px keeps iOS Safari from zooming into the field on focus.
  fontSize: '16px',
  lineHeight: 1.4,
  outline: 'none',
  transition: `border-color ${vars.motion.fast}`,
  selectors: {
    '&:focus-visible': { borderColor: vars.color.brand, boxShadow: `0 0 0 2px ${vars.color.brand}` },
    '&:focus': { borderColor: vars.color.brand },
    '&[aria-invalid="true"]': { borderColor: vars.color.error },
    '&:disabled': { background: vars.color.surfaceAlt, color: vars.color.inkSoft },
    '&::placeholder': { color: 'transparent', transition: `color ${vars.motion.label}` },
    '&:focus::placeholder': { color: vars.color.inkSoft },
  },
});

export const textarea = style({ minHeight: '120px', resize: 'vertical', paddingTop: '26px' });

export const withEnd = style({ paddingRight: '56px' });

const floated = { top: '8px', transform: 'none', fontSize: '12px' } as const;

export const label = style({
  position: 'absolute',
  left: vars.space.m,
  right: vars.space.m,
  top: '50%',
  transform: 'translateY(-50%)',
  transformOrigin: 'left top',
  color: vars.color.inkSoft,
  fontSize: '16px',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  pointerEvents: 'none',
  transition: `top ${vars.motion.label} ${vars.motion.easing}, transform ${vars.motion.label} ${vars.motion.easing}, font-size ${vars.motion.label} ${vars.motion.easing}`,
  '@media': { [reducedMotion]: { transition: 'none' } },
  selectors: {
    [`${input}:focus ~ &, ${input}:not(:placeholder-shown) ~ &`]: floated,
    // Its own rule: a browser that does not know :autofill drops only this one.
    [`${input}:autofill ~ &`]: floated,
    [`${input}[aria-invalid="true"] ~ &`]: { color: vars.color.error },
  },
});

export const labelTextarea = style({ top: '16px', transform: 'none' });

export const end = style({
  position: 'absolute',
  right: vars.space.xs,
  top: 0,
  bottom: 0,
  display: 'flex',
  alignItems: 'center',
});

export const hint = style({ margin: 0, fontSize: '14px', color: vars.color.inkSoft, paddingLeft: vars.space.m });

export const error = style({
  margin: 0,
  minHeight: 0,
  fontSize: '14px',
  color: vars.color.error,
  paddingLeft: vars.space.m,
  selectors: { '&:empty': { display: 'none' } },
});

export const toggle = style([
  iconButtonBase,
  {
    color: vars.color.inkSoft,
    selectors: { '&:hover': { color: vars.color.ink } },
  },
]);
