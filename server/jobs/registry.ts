/**
 * The kinds of job the outbox runs, each registered by the room that owns it (issue 42). The jobs
 * room claims due rows, retries and logs them (outbox.ts) without knowing what any kind does: a
 * room says, for each kind it writes, what running one does (send its e-mail, built from the
 * stored data when it is due, or do its work), and which sweeps every round makes. The rooms'
 * registrations are put together once, where the app is composed (server/app.ts `OUTBOX_JOBS`),
 * and that one registry is what the API (after a reply), the workers' rounds and the tests run.
 */
import type { Logger } from '../config/logger';
import type { Db } from '../db/client';
import type { OutboxKind } from '../db/schema/outbox';
import type { Mailer, MailMessage } from '../mail/mailer';

/** A claimed outbox row, as the job of its kind receives it. */
export interface OutboxJob {
  id: string;
  kind: string;
  bookingId: string | null;
  /** Attempts so far, this one included. */
  attempts: number;
  forStartsAt: Date | null;
  professionalId: string | null;
}

/** What a job may use: the database, the mailer, the log, the app's address (its links) and the round's instant. */
export interface JobContext {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  now: Date;
}

/**
 * Runs one job of its kind. Returning marks the row done; throwing fails this attempt, and the
 * outbox tries it again later (retryDelayMs) up to MAX_ATTEMPTS, then leaves it to a person.
 */
export type RunJob = (job: OutboxJob, context: JobContext) => Promise<void>;

/**
 * A kind whose job is one e-mail, built when it is due: null when there is nothing to send any
 * more (the booking was cancelled, moved, answered…), and the row is done without a mail.
 */
export const sendsMail =
  (message: (job: OutboxJob, context: JobContext) => Promise<MailMessage | null>): RunJob =>
  async (job, context) => {
    const mail = await message(job, context);
    if (mail) await context.mailer.send(mail);
  };

/** Work every round does besides the due rows (e.g. the holds that lapsed); returns how many it did. */
export interface RoundSweep {
  name: string;
  run: (db: Db, now: Date) => Promise<number>;
}

/** What one room registers: the job kinds it owns, and its sweeps. */
export interface RoomJobs {
  room: string;
  kinds: Partial<Record<OutboxKind, RunJob>>;
  sweeps?: readonly RoundSweep[];
}

/** Every room's kinds and sweeps, as the outbox runs them. */
export interface JobRegistry {
  /** The job of each registered kind. */
  readonly kinds: ReadonlyMap<string, RunJob>;
  readonly sweeps: readonly RoundSweep[];
}

/** The registry of these rooms' jobs. A kind has one owner: registering it twice is a mistake, refused here. */
export function jobRegistry(rooms: readonly RoomJobs[]): JobRegistry {
  const kinds = new Map<string, RunJob>();
  const owners = new Map<string, string>();
  for (const { room, kinds: owned } of rooms)
    for (const [kind, run] of Object.entries(owned)) {
      if (!run) continue;
      const owner = owners.get(kind);
      if (owner) throw new Error(`outbox kind '${kind}' registered by both ${owner} and ${room}`);
      owners.set(kind, room);
      kinds.set(kind, run);
    }
  return { kinds, sweeps: rooms.flatMap((room) => room.sweeps ?? []) };
}

/** A due row of a kind no room registered: it fails (logged, retried) rather than being marked done unsent. */
export class UnknownJobKind extends Error {
  constructor(kind: string) {
    super(`no room registered the outbox kind '${kind}'`);
    this.name = 'UnknownJobKind';
  }
}
