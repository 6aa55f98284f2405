import { stepOfPath } from '../../../machines/app/routing';
import { kindOf } from '../../../machines/shared/draft';
import { lazyComponent, type LazyComponent } from '../../lib/lazy-component';
import { withPhoneNumberRules } from '../../lib/phone-number-rules';

/**
 * The booking steps the first screen does not draw, each in a chunk of its own (issue 15): the steps
 * after the location and the upsell box. The booking screen preloads the next step's chunk while the
 * current step is shown; the route's loader fetches the chunk of the step a URL names. The checkout
 * brings the phone rules with it (src/lib/phone-number-rules.ts).
 */
const choiceSteps = () => import('./choice-steps');

export const ParticipantsStep = lazyComponent(choiceSteps, (m) => m.ParticipantsStep);
export const ParticipantsCountStep = lazyComponent(choiceSteps, (m) => m.ParticipantsCountStep);
export const CategoryStep = lazyComponent(choiceSteps, (m) => m.CategoryStep);
export const CategorySalottoStep = lazyComponent(choiceSteps, (m) => m.CategorySalottoStep);
export const HairStep = lazyComponent(choiceSteps, (m) => m.HairStep);
export const ServiceStep = lazyComponent(
  () => import('./service-step'),
  (m) => m.ServiceStep,
);
export const UpsellBox = lazyComponent(
  () => import('./upsell-box'),
  (m) => m.UpsellBox,
);
export const DetailsStep = lazyComponent(
  () => import('./details-step'),
  (m) => m.DetailsStep,
);
export const DataStep = lazyComponent(
  () => import('./data-step'),
  (m) => m.DataStep,
);
export const CheckoutStep = lazyComponent(
  withPhoneNumberRules(() => import('./checkout-step')),
  (m) => m.CheckoutStep,
);
/** The chunk that draws each kind of step (the location is in the booking screen's own chunk). */
const STEP_CHUNKS: Record<ReturnType<typeof kindOf>, LazyComponent<object> | null> = {
  location: null,
  participants: ParticipantsStep,
  'participants-salotto': ParticipantsCountStep,
  category: CategoryStep,
  'category-salotto': CategorySalottoStep,
  hair: HairStep,
  service: ServiceStep,
  details: DetailsStep,
  data: DataStep,
  checkout: CheckoutStep,
};

/**
 * Loads the chunk of the step a booking URL names (the route's loader: a reload or a link to a later
 * step fetches it beside the route's own chunk, not after it).
 */
export async function preloadStepOfPath(path: string): Promise<void> {
  const step = stepOfPath(path);
  await (step ? STEP_CHUNKS[kindOf(step)]?.preload() : undefined);
}
