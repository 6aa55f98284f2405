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

/**
 * While a parent waits for its address picker's lookup (a step's AVANTI, the profile's SALVA), the
 * wait ends the same way everywhere: the lookup failing (`location.settled`) goes back to `idle`, and
 * typing in the field again cancels the wait, handed to the picker. Spread into the `on` of the
 * parent's `resolving` and `waiting` states.
 */
export const lookupWaitEnds = <I extends string, T extends string, A extends string>(
  idle: I,
  typeEvent: T,
  forwardAction: A,
) =>
  ({
    'location.settled': idle,
    ...({ [typeEvent]: { target: idle, actions: forwardAction } } as Record<T, { target: I; actions: A }>),
  }) as { 'location.settled': I } & Record<T, { target: I; actions: A }>;
