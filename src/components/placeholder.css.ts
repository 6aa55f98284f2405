import { keyframes, style } from '@vanilla-extract/css';
import { reducedMotion, vars } from '../styles/theme.css';

/** Waiting and empty views shared by the screens' lists (services, slots). */
const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

export const skeleton = style({
  height: vars.size.control,
  borderRadius: vars.radius.control,
  background: vars.color.border,
  animation: `${pulse} 1.2s ease-in-out infinite`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});
export const empty = style({ textAlign: 'center', padding: `${vars.space.l} ${vars.space.m}` });
export const emptyTitle = style({ fontWeight: 700, fontSize: '18px', margin: `0 0 ${vars.space.s}` });
