import * as v from 'valibot';
import { CATEGORIES, HAIR_LENGTHS, LIMITS, PARTICIPANT_MODES } from './constants';
import { MESSAGES } from './messages';
import { locationSchema } from './location';
import { serviceSchema } from './service';
import { availableTimeSchema } from './slot';
import { countField, emailField, idField, isoDateField, phoneNumberField, priceField, requiredText } from './fields';

// ---------------------------------------------------------------------------------------------
// Booking draft (client state, SPEC §3)
// ---------------------------------------------------------------------------------------------

export const couponServiceSchema = v.object({
  serviceId: idField,
  name: v.string(MESSAGES.invalidValue),
  price: priceField,
  listPrice: priceField,
});
export type CouponService = v.InferOutput<typeof couponServiceSchema>;

export const draftServicesSchema = v.object({
  /** A service that comes with the primary one (shown in the recap, not chosen by the user). */
  includedService: v.nullish(serviceSchema, null),
  services: v.optional(v.array(serviceSchema), []),
  primaryService: v.nullish(serviceSchema, null),
  secondaryServices: v.optional(v.array(serviceSchema), []),
});
export type DraftServices = v.InferOutput<typeof draftServicesSchema>;

/**
 * Every field has its default, so `v.parse(bookingDraftSchema, {})` is the initial draft and a
 * draft restored from storage is checked and completed in one step. `date` is YYYY-MM-DD.
 */
export const bookingDraftSchema = v.object({
  location: v.nullish(locationSchema, null),
  participants: v.optional(v.picklist(PARTICIPANT_MODES, MESSAGES.selectOption), 'default'),
  participantsCount: v.optional(
    v.pipe(
      v.number(MESSAGES.invalidNumber),
      v.integer(MESSAGES.invalidNumber),
      v.minValue(LIMITS.salottoMinParticipants, MESSAGES.salottoMinParticipants),
    ),
    LIMITS.participantsCountDefault,
  ),
  hair: v.nullish(v.picklist(HAIR_LENGTHS, MESSAGES.selectOption), null),
  category: v.nullish(v.picklist(CATEGORIES, MESSAGES.selectOption), null),
  salottoCategories: v.optional(v.array(v.picklist(CATEGORIES, MESSAGES.invalidCategory)), []),
  salottoNotes: v.optional(v.string(MESSAGES.invalidValue), ''),
  date: v.nullish(isoDateField, null),
  availableTime: v.nullish(availableTimeSchema, null),
  couponCodeDiscount: v.optional(v.pipe(v.number(MESSAGES.invalidNumber), v.minValue(0, MESSAGES.invalidNumber)), 0),
  providerId: v.nullish(idField, null),
  couponServices: v.optional(v.array(couponServiceSchema), []),
  abTest: v.optional(
    v.object({
      experimentID: v.nullish(v.string(MESSAGES.invalidValue), null),
      variantID: v.nullish(v.string(MESSAGES.invalidValue), null),
    }),
    { experimentID: null, variantID: null },
  ),
  services: v.optional(draftServicesSchema, {}),
});
export type BookingDraft = v.InferOutput<typeof bookingDraftSchema>;
export type BookingDraftInput = v.InferInput<typeof bookingDraftSchema>;

/** A fresh draft with SPEC's defaults (a new object each call: safe to mutate). */
export const createInitialDraft = (): BookingDraft => v.parse(bookingDraftSchema, {});

/** SPEC's defaults; treat as read-only, use createInitialDraft() for a copy to change. */
export const initialDraft: BookingDraft = createInitialDraft();

// ---------------------------------------------------------------------------------------------
// Booking response (POST /bookings/store…)
// ---------------------------------------------------------------------------------------------

export const bookedServiceSchema = v.object({
  serviceId: idField,
  name: v.string(MESSAGES.invalidValue),
  price: priceField,
  listPrice: priceField,
  durationMM: countField,
  isMarketingDiscount: v.optional(v.boolean(MESSAGES.invalidValue)),
});
export type BookedService = v.InferOutput<typeof bookedServiceSchema>;

const bookingCustomerSchema = v.object({
  userId: idField,
  services: v.array(bookedServiceSchema, MESSAGES.invalidValue),
});

const bookingEntries = {
  _id: idField,
  total: priceField,
  totalBeforeDiscount: priceField,
  discount: v.optional(priceField, 0),
  userId: idField,
  customers: v.array(bookingCustomerSchema, MESSAGES.invalidValue),
};

/** SPEC §3 Booking response. */
export const bookingSchema = v.object({
  signupToken: v.optional(v.union([v.string(), v.boolean()], MESSAGES.invalidValue)),
  redirectUrl: v.optional(v.pipe(v.string(MESSAGES.invalidValue), v.nonEmpty(MESSAGES.invalidValue))),
  booking: v.object(bookingEntries),
});
export type Booking = v.InferOutput<typeof bookingSchema>;
export type BookingInput = v.InferInput<typeof bookingSchema>;

/**
 * Reply to `?onlyCheckCoupon=1`: the same shape as a booking, but nothing is stored, so the
 * booking may have no `_id` and, for a visitor, no `userId`. The app reads discount and
 * customers[0].services.
 */
export const couponCheckSchema = v.object({
  signupToken: v.optional(v.union([v.string(), v.boolean()], MESSAGES.invalidValue)),
  redirectUrl: v.optional(v.string(MESSAGES.invalidValue)),
  booking: v.object({
    ...bookingEntries,
    _id: v.optional(idField),
    userId: v.optional(v.string(MESSAGES.invalidValue)),
    customers: v.array(
      v.object({
        userId: v.optional(v.string(MESSAGES.invalidValue)),
        services: v.array(bookedServiceSchema),
      }),
      MESSAGES.invalidValue,
    ),
  }),
});
export type CouponCheck = v.InferOutput<typeof couponCheckSchema>;

// ---------------------------------------------------------------------------------------------
// Checkout form (SPEC §3, rules of SPEC §5)
// ---------------------------------------------------------------------------------------------

export const YES_NO = ['yes', 'no'] as const;
export type YesNo = (typeof YES_NO)[number];

/**
 * Field order is the order errors are listed in (the page focuses the first one).
 * Radio groups emit '' when cleared: an empty allergiesSwitch counts as 'no', an empty
 * fitToPlead is unanswered.
 */
export const checkoutFormSchema = v.pipe(
  v.object({
    firstName: requiredText,
    lastName: requiredText,
    phoneNumber: phoneNumberField,
    email: emailField,
    couponCodeEnabled: v.optional(v.boolean(MESSAGES.invalidValue), false),
    couponCode: v.optional(v.pipe(v.string(MESSAGES.invalidValue), v.trim()), ''),
    doorbellName: requiredText,
    allergiesSwitch: v.optional(v.picklist([...YES_NO, ''], MESSAGES.invalidValue), ''),
    allergies: v.optional(v.pipe(v.string(MESSAGES.invalidValue), v.trim()), ''),
    fitToPlead: v.pipe(
      v.optional(v.picklist([...YES_NO, ''], MESSAGES.required), ''),
      v.picklist(YES_NO, MESSAGES.required),
    ),
    notes: v.optional(v.string(MESSAGES.invalidValue), ''),
    privacy: v.pipe(v.optional(v.boolean(MESSAGES.requiredPrivacy), false), v.value(true, MESSAGES.requiredPrivacy)),
    allowMarketing: v.optional(v.boolean(MESSAGES.invalidValue), false),
    personalDataConsent: v.optional(v.boolean(MESSAGES.invalidValue), false),
  }),
  v.forward(
    v.partialCheck(
      [['allergiesSwitch'], ['allergies']],
      (form) => form.allergiesSwitch !== 'yes' || form.allergies !== '',
      MESSAGES.required,
    ),
    ['allergies'],
  ),
  v.forward(
    v.partialCheck(
      [['couponCodeEnabled'], ['couponCode']],
      (form) => !form.couponCodeEnabled || form.couponCode !== '',
      MESSAGES.required,
    ),
    ['couponCode'],
  ),
);
export type CheckoutForm = v.InferOutput<typeof checkoutFormSchema>;
export type CheckoutFormInput = v.InferInput<typeof checkoutFormSchema>;

/** Empty checkout form values (prefilled from the user by the app when signed in). */
export const emptyCheckoutForm: CheckoutFormInput = {
  firstName: '',
  lastName: '',
  phoneNumber: '',
  email: '',
  couponCodeEnabled: false,
  couponCode: '',
  doorbellName: '',
  allergiesSwitch: '',
  allergies: '',
  fitToPlead: '',
  notes: '',
  privacy: false,
  allowMarketing: false,
  personalDataConsent: false,
};
