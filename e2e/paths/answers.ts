/**
 * What the replay's world and the real links both read of an answer (issue 42: apart, so that
 * world.ts and links.ts need not import each other): the API's envelope, its data, and how an
 * outcome a path names is obtained.
 */
export type Json = Record<string, unknown>;
export interface Answer {
  status: number;
  body: Json;
}

export const envelopeData = (body: Json): unknown => (body.result as { data?: unknown } | undefined)?.data;
export const withData = (body: Json, data: unknown): Json => ({ result: { ...(body.result as Json), data } });
export const failure = (message: string): Json => ({ result: { success: false, error: { message } } });

/**
 * How each outcome a path names is obtained: `real` checks the real answer is of that kind;
 * `forced` makes it from the real answer (or the error envelope). Exhaustive over the fixtures'
 * outcomes (checked at the start of the replay, e2e/paths/coverage.ts).
 */
export type Obtain =
  | { kind: 'real'; holds: (data: unknown, sent: unknown) => boolean; what: string; refused?: true }
  | { kind: 'forced'; answer: (real: Answer | null, message: string, url: URL, sent?: unknown) => Answer };

export type AppointmentData = {
  status?: string;
  offeredInsteadOf?: unknown;
  cancellable?: boolean;
  reschedulable?: boolean;
  twoHoursReminder?: boolean;
  date?: string;
  startTime?: string;
};
export const appointmentOf = (data: unknown): AppointmentData =>
  (data as { appointment?: AppointmentData } | undefined)?.appointment ?? {};
