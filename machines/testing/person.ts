/**
 * What the person remembers of the address fields, and what the world last answered in them (issue
 * 43): kept beside the machines by the system model (system.ts) and by the harness that replays paths
 * on the real actor (tests/machines/harness.ts), never read from a machine's context. The oracle
 * judges SPEC §4's address picker from her side with it: whether she edited the field since the
 * address she holds was set ("If a complete address is edited into an incomplete one, or changed, on
 * blur the street number is cleared"), and which text the suggestions on screen answer ("While typing
 * a loading state shows until suggestions return, then results").
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { Location } from '../../contract/location';
import type { AppContext } from '../app/context';

/** The address fields: the location step's picker, and the profile dialog's. */
export const ADDRESS_FIELDS = ['addressPicker', 'profileAddress'] as const;
export type AddressFieldId = (typeof ADDRESS_FIELDS)[number];

/** The prefix of each field's events as the screens send them (`address.type`, `profile.address.type`). */
export const FIELD_EVENT_PREFIX: Record<AddressFieldId, string> = {
  addressPicker: 'address.',
  profileAddress: 'profile.address.',
};

export interface FieldMemory {
  /**
   * She changed the field's text (typed, or took a suggestion) since the address its owner holds was
   * last set (or since the field showed).
   */
  editedSinceSet: boolean;
  /** The text the geocoder last answered suggestions for, in this field (null: none yet). */
  answeredFor: string | null;
}

export type PersonMemory = Partial<Record<AddressFieldId, FieldMemory>>;

export const NO_MEMORY: PersonMemory = {};

/** The machines of one moment: the root and its children by id (the profile dialog's picker included). */
export interface Moment {
  root: AnyMachineSnapshot;
  kid: (id: string) => AnyMachineSnapshot | undefined;
}

/** The address the field's owner holds: the draft's (location step), the profile dialog's. */
export const ownerLocation = (moment: Moment, field: AddressFieldId): Location | null =>
  field === 'addressPicker'
    ? (moment.root.context as AppContext).draft.location
    : ((moment.kid('profileDialog')?.context as { location: Location | null } | undefined)?.location ?? null);

/** A search the step's event answered with a list: which field asked, for which text. */
export interface Answered {
  actor: string;
  query: string;
}

/**
 * What changes the field's text by her hand: typing, and taking a suggestion (a click, or ENTER for
 * the first). A pick whose address then fails to resolve leaves the suggestion's text in the field: a
 * change of hers, as typed text is.
 */
const EDITS = ['type', 'select', 'enter'] as const;

/**
 * The address as a new one is set: a house number cleared on blur (SPEC §4) leaves the address she
 * edited, not a new one, so the number is not part of the key.
 */
const addressKey = (location: Location | null): string =>
  location === null
    ? 'none'
    : JSON.stringify({ ...location, components: { ...location.components, streetNumber: null } });

/**
 * Her memory after a step: `event` took the app from `before` to `after`; `answered` is the search it
 * answered with a list (null for any other event); `loaded`: the page loaded anew.
 */
export function rememberFields(
  memory: PersonMemory,
  event: { type: string },
  before: Moment,
  after: Moment,
  answered: Answered | null,
  loaded: boolean,
): PersonMemory {
  const next: PersonMemory = {};
  for (const field of ADDRESS_FIELDS) {
    if (!after.kid(field)) continue;
    const known = loaded || !before.kid(field) ? undefined : memory[field];
    const edited = EDITS.some((edit) => event.type === `${FIELD_EVENT_PREFIX[field]}${edit}`);
    const set = addressKey(ownerLocation(before, field)) !== addressKey(ownerLocation(after, field));
    next[field] = {
      editedSinceSet: edited || (!set && (known?.editedSinceSet ?? false)),
      answeredFor: answered?.actor === field ? answered.query : (known?.answeredFor ?? null),
    };
  }
  return next;
}
