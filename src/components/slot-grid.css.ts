import { keyframes, style, type StyleRule } from '@vanilla-extract/css';
import { DELAYS, LIMITS } from '../../contract/constants';
import { noMotionPreference, vars } from '../styles/theme.css';
import { day } from './day-picker.css';

export const slots = style({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fill, minmax(${LIMITS.slotGridMinColumnPx}px, 1fr))`,
  gap: vars.space.s,
  marginTop: vars.space.m,
});
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

/** Items staggered one by one; those after the last step come in with it. */
const STAGGERED_ITEMS = 24;
const staggerSelectors: NonNullable<StyleRule['selectors']> = {};
for (let index = 1; index <= STAGGERED_ITEMS; index++)
  staggerSelectors[`&:nth-child(${index})`] = { animationDelay: `${(index - 1) * DELAYS.fadeInStagger}ms` };
staggerSelectors[`&:nth-child(n+${STAGGERED_ITEMS + 1})`] = {
  animationDelay: `${STAGGERED_ITEMS * DELAYS.fadeInStagger}ms`,
};

/** SPEC §9: the slots fade in one after the other, 60 ms apart (not for those who ask for less motion). */
export const fadeInItem = style({
  '@media': {
    [noMotionPreference]: {
      animationName: fadeIn,
      animationDuration: vars.motion.sheet,
      animationTimingFunction: 'ease-out',
      animationFillMode: 'both',
      selectors: staggerSelectors,
    },
  },
});

export const slot = style([
  day,
  fadeInItem,
  { width: 'auto', height: vars.size.control, flexDirection: 'column', fontWeight: 600 },
]);
export const supplement = style({ fontSize: '12px', fontWeight: 400 });
export const emptyActions = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.s,
  marginTop: vars.space.m,
});
