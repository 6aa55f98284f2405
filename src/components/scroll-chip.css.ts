import { keyframes, style } from '@vanilla-extract/css';
import { reducedMotion, vars } from '../styles/theme.css';

const bob = keyframes({ '0%, 100%': { transform: 'translateY(0)' }, '50%': { transform: 'translateY(3px)' } });

export const chip = style({
  position: 'absolute',
  bottom: `calc(100% + ${vars.space.s})`,
  left: '50%',
  transform: 'translateX(-50%)',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '36px',
  padding: `0 ${vars.space.m}`,
  border: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.ink,
  color: vars.color.surface,
  font: 'inherit',
  fontSize: '14px',
  fontWeight: 600,
  boxShadow: vars.shadow.card,
  cursor: 'pointer',
  transition: `opacity ${vars.motion.fast}`,
});

export const arrow = style({
  display: 'inline-flex',
  animation: `${bob} 1.4s ease-in-out infinite`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});
