import * as v from 'valibot';
import { ITEM_TYPES } from './constants';
import { MESSAGES } from './messages';
import { countField, idField, priceField } from './fields';

/**
 * SPEC §3 Service, with the conversions the app relies on: price number|string|null → number
 * (null → 0), description from formDescription when present, excludeFromBooking default false.
 * The output parses again to itself, so the server may check what it sends.
 */
export const serviceSchema = v.pipe(
  v.object({
    id: idField,
    name: v.pipe(v.string(MESSAGES.invalidValue), v.nonEmpty(MESSAGES.required)),
    description: v.pipe(
      v.optional(v.nullable(v.string(MESSAGES.invalidValue)), ''),
      v.transform((text) => text ?? ''),
    ),
    formDescription: v.nullish(v.string(MESSAGES.invalidValue)),
    durationMM: countField,
    price: priceField,
    isManualFlow: v.optional(v.boolean(MESSAGES.invalidValue), false),
    priceStartingFrom: v.optional(v.boolean(MESSAGES.invalidValue), false),
    image: v.nullish(v.string(MESSAGES.invalidValue), null),
    /** Variant group: services sharing it are options of one another (upsell box). */
    _group_id: v.nullish(v.string(MESSAGES.invalidValue), null),
    excludeFromBooking: v.optional(v.boolean(MESSAGES.invalidValue), false),
    hasVariants: v.optional(v.boolean(MESSAGES.invalidValue), false),
  }),
  v.transform(({ formDescription, description, ...service }) => ({
    ...service,
    description: formDescription != null && formDescription.trim() !== '' ? formDescription : description,
  })),
);
export type Service = v.InferOutput<typeof serviceSchema>;
export type ServiceInput = v.InferInput<typeof serviceSchema>;

export const serviceItemSchema = v.object({
  id: idField,
  services: v.array(serviceSchema, MESSAGES.invalidValue),
});
export type ServiceItem = v.InferOutput<typeof serviceItemSchema>;

export const serviceSectionSchema = v.object({
  title: v.nullish(v.string(MESSAGES.invalidValue)),
  itemType: v.picklist(ITEM_TYPES, MESSAGES.invalidValue),
  items: v.array(serviceItemSchema, MESSAGES.invalidValue),
});
export type ServiceSection = v.InferOutput<typeof serviceSectionSchema>;

export const serviceGroupSchema = v.object({
  title: v.string(MESSAGES.invalidValue),
  sections: v.array(serviceSectionSchema, MESSAGES.invalidValue),
});
export type ServiceGroup = v.InferOutput<typeof serviceGroupSchema>;

/** SPEC §3 Service list response; a missing group reads as null. */
export const serviceListSchema = v.object({
  mainServices: v.nullish(serviceGroupSchema, null),
  secondaryServices: v.nullish(serviceGroupSchema, null),
});
export type ServiceList = v.InferOutput<typeof serviceListSchema>;
export type ServiceListInput = v.InferInput<typeof serviceListSchema>;
