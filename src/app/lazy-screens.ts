import { stepOfPath } from '../../machines/app/routing';
import { kindOf } from '../../machines/shared/draft';
import { lazyComponent, type LazyComponent } from '../lib/lazy-component';
import { loadPhoneNumberRules } from '../lib/phone-number-rules';

/**
 * What the first screen does not draw, each in a chunk of its own (issue 15): the booking steps after
 * the location, the upsell box, the profile dialog. The booking screen preloads the next step's
 * chunk while the current step is shown; the shell loads a dialog the first time it opens. The two
 * screens that check a phone number bring the phone rules with them (src/lib/phone-number-rules.ts).
 */
const withPhoneRules =
  <M>(load: () => Promise<M>) =>
  () =>
    Promise.all([load(), loadPhoneNumberRules()]).then(([module]) => module);
const choiceSteps = () => import('../screens/booking/choice-steps');

export const ParticipantsStep = lazyComponent(choiceSteps, (m) => m.ParticipantsStep);
export const ParticipantsCountStep = lazyComponent(choiceSteps, (m) => m.ParticipantsCountStep);
export const CategoryStep = lazyComponent(choiceSteps, (m) => m.CategoryStep);
export const CategorySalottoStep = lazyComponent(choiceSteps, (m) => m.CategorySalottoStep);
export const HairStep = lazyComponent(choiceSteps, (m) => m.HairStep);
export const ServiceStep = lazyComponent(
  () => import('../screens/booking/service-step'),
  (m) => m.ServiceStep,
);
export const UpsellBox = lazyComponent(
  () => import('../screens/booking/upsell-box'),
  (m) => m.UpsellBox,
);
export const DetailsStep = lazyComponent(
  () => import('../screens/booking/details-step'),
  (m) => m.DetailsStep,
);
export const DataStep = lazyComponent(
  () => import('../screens/booking/data-step'),
  (m) => m.DataStep,
);
export const CheckoutStep = lazyComponent(
  withPhoneRules(() => import('../screens/booking/checkout-step')),
  (m) => m.CheckoutStep,
);
export const ProfileDialog = lazyComponent(
  withPhoneRules(() => import('../screens/profile-dialog/profile-dialog')),
  (m) => m.ProfileDialog,
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
