import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { SIZES } from '../../contract/constants';
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

/**
 * The diameters the app draws, as classes: a `style` attribute in the HTML the build prerenders would
 * need 'unsafe-inline' in the Content-Security-Policy (issue 15). Another size falls back to one.
 */
const diameter = (px: number) => style({ width: px, height: px });
export const sizes: Readonly<Record<number, string>> = {
  [SIZES.spinner]: diameter(SIZES.spinner),
  [SIZES.spinnerInButton]: diameter(SIZES.spinnerInButton),
  20: diameter(20),
};

const wrapperBase = style({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' });
export const wrapper = styleVariants({
  brand: [wrapperBase, { color: vars.color.brand }],
  inherit: [wrapperBase, { color: 'inherit' }],
});

export const hidden = style(visuallyHidden);
