import { boolean, doublePrecision, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import type { ApiCategory, ItemType } from '../../../contract/constants';
import type { ByHairLength, SectionRole } from '../../domain/catalogue';

/**
 * The catalogue (server/seed-data/catalogue.ts copied into tables): services, and the sections
 * the service step shows them in. Hair services carry per-length prices and durations.
 */
export const services = pgTable('services', {
  id: text('id').primaryKey(),
  category: text('category').$type<ApiCategory>().notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  formDescription: text('form_description'),
  durationMM: integer('duration_mm').notNull(),
  durationByHairLength: jsonb('duration_by_hair_length').$type<ByHairLength>(),
  /** Euros; null = on quote. */
  price: numeric('price', { precision: 10, scale: 2, mode: 'number' }),
  priceByHairLength: jsonb('price_by_hair_length').$type<ByHairLength>(),
  listPrice: numeric('list_price', { precision: 10, scale: 2, mode: 'number' }),
  listPriceByHairLength: jsonb('list_price_by_hair_length').$type<ByHairLength>(),
  priceStartingFrom: boolean('price_starting_from').notNull().default(false),
  isManualFlow: boolean('is_manual_flow').notNull().default(false),
  image: text('image').notNull(),
  groupId: text('group_id'),
  excludeFromBooking: boolean('exclude_from_booking').notNull().default(false),
  salotto: boolean('salotto').notNull().default(false),
  /** Hidden services stay in old bookings but are neither listed nor bookable. */
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

export const serviceSections = pgTable('service_sections', {
  id: text('id').primaryKey(),
  category: text('category').$type<ApiCategory>().notNull(),
  audience: text('audience', { enum: ['default', 'salotto'] }).notNull(),
  role: text('role').$type<SectionRole>().notNull(),
  title: text('title'),
  itemType: text('item_type').$type<ItemType>().notNull(),
  /** In display order; services sharing a group id become one item. */
  serviceIds: text('service_ids').array().notNull(),
  position: integer('position').notNull().default(0),
});

/** Served zones: circles (see server/domain/served-zones.ts for why). */
export const zones = pgTable('zones', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  centerLat: doublePrecision('center_lat').notNull(),
  centerLng: doublePrecision('center_lng').notNull(),
  radiusKm: doublePrecision('radius_km').notNull(),
  active: boolean('active').notNull().default(true),
});
