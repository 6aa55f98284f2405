import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { reducedMotion, vars, visuallyHidden } from '../styles/theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: '50%',
  border: '3px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.8s linear infinite`,
  '@media': { [reducedMotion]: { animationDuration: '2.4s' } },
});

const wrapperBase = style({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' });
export const wrapper = styleVariants({
  brand: [wrapperBase, { color: vars.color.brand }],
  inherit: [wrapperBase, { color: 'inherit' }],
});

export const hidden = style(visuallyHidden);
