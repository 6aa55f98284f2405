/** Transitions that hand each of the given events to a child through one forwarding action. */
export const forward = <A extends string, T extends string>(action: A, ...types: readonly T[]) =>
  Object.fromEntries(types.map((type) => [type, { actions: action }])) as Record<T, { actions: A }>;

/**
 * The types of an event union, written once as a list the root forwards: the compiler refuses a
 * list that names a type the union lacks, or misses one it has.
 *
 *   export const COUPON_EVENTS = eventTypes<CouponEvent>()('coupon.enable', …);
 */
export const eventTypes =
  <E extends { type: string }>() =>
  <const L extends readonly E['type'][]>(
    ...types: L & (Exclude<E['type'], L[number]> extends never ? unknown : { missing: Exclude<E['type'], L[number]> })
  ): L =>
    types;
