import { keyframes, style } from '@vanilla-extract/css';
import { reducedMotion, vars, visuallyHidden } from '../styles/theme.css';

const pulse = keyframes({
  '0%, 100%': { transform: 'scale(1)', opacity: 1 },
  '50%': { transform: 'scale(0.92)', opacity: 0.7 },
});
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.z.loader,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.l,
  background: vars.color.surfaceAlt,
  animation: `${fadeIn} 200ms ease-out`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});

export const logo = style({
  width: '120px',
  height: 'auto',
  animation: `${pulse} 1.2s ease-in-out infinite`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});

export const logout = style({ background: vars.color.surface });

export const label = style(visuallyHidden);
