/** Transitions that hand each of the given events to a child through one forwarding action. */
export const forward = <A extends string, T extends string>(action: A, ...types: readonly T[]) =>
  Object.fromEntries(types.map((type) => [type, { actions: action }])) as Record<T, { actions: A }>;
