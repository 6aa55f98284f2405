// `npm run mutants:oracle`: proves the SPEC oracle can fail. Copies the tree to a temporary folder,
// breaks one SPEC rule of machines/ at a time (hand-made mutants, below), runs the machine and
// oracle tests there and reports which mutants the tests kill. The working tree is never touched.
//   npm run mutants:oracle                     every mutant
//   npm run mutants:oracle -- 'dateInPast|logout'   the mutants whose name matches (a regular expression)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** name → edits [file, exact text, replacement]; each names the SPEC rule it breaks. */
export const MUTANTS = {
  // Issue 28: the time she picked is hers while the page shows it chosen, and only then.
  'issue 28: leaving her time does not give it back': [
    ['machines/app/hold.ts', "        { guard: 'noTimeWanted', target: 'releasing' },\n", ''],
  ],
  'issue 28: another pick is not held': [
    [
      'machines/app/hold.ts',
      "      always: [\n        { guard: 'otherTimeWanted', target: 'asking' },\n        { guard: 'noTimeWanted', target: 'releasing' },",
      "      always: [\n        { guard: 'noTimeWanted', target: 'releasing' },",
    ],
  ],
  'issue 28: the last minute comes at 10 minutes': [
    [
      'contract/constants.ts',
      'holdWarning: (SLOT_HOLD_MINUTES - 1) * 60_000',
      'holdWarning: SLOT_HOLD_MINUTES * 60_000',
    ],
  ],
  'issue 28: a lost time stays chosen': [['machines/app/hold.ts', "    'clearHeldTime',\n", '']],
  'issue 28: the lost time is not said on the data step': [
    [
      'machines/app/wizard.ts',
      "'hold.lost': { target: '.picking', actions: [sayHoldLost, 'tellSlotsDraft'] }",
      "'hold.lost': { target: '.picking', actions: ['tellSlotsDraft'] }",
    ],
  ],
  'dateInPast guard removed (SPEC §5 day picker)': [
    ['machines/app/guards.ts', 'return event.date < context.today;', 'return false;'],
  ],
  'logout keeps the draft (SPEC §4)': [
    [
      'machines/app/wizard.ts',
      "'session.logout': { target: '.location', actions: 'resetDraft' }",
      "'session.logout': { target: '.location' }",
    ],
  ],
  'clearing the date keeps the professional (SPEC §4)': [
    [
      'machines/app/setup.ts',
      '...context.draft, date: null, availableTime: null, providerId: null }',
      '...context.draft, date: null, availableTime: null }',
    ],
  ],
  'a deep link skips one incomplete step (SPEC §2)': [
    [
      'machines/app/routing.ts',
      'requestedIndex <= incompleteIndex ? requested',
      'requestedIndex <= incompleteIndex + 1 ? requested',
    ],
  ],
  'the step is re-entered when only the query string changes': [
    ['machines/app/guards.ts', 'params.step !== context.step &&', ''],
  ],
  'a date change keeps the time (SPEC §4)': [
    [
      'machines/app/setup.ts',
      'return { ...context.draft, date: event.date, availableTime: null };',
      'return { ...context.draft, date: event.date };',
    ],
  ],
  'participants-salotto keeps the salotto categories (SPEC §4)': [
    [
      'machines/app/wizard.ts',
      "entry: [enter('participants-salotto'), 'clearSalottoCategories']",
      "entry: [enter('participants-salotto')]",
    ],
  ],
  'the data step refuses with the wrong message (SPEC §5)': [
    [
      'machines/shared/draft.ts',
      'return draft.availableTime ? null : MESSAGES.selectTime;',
      'return draft.availableTime ? null : MESSAGES.selectOption;',
    ],
  ],
  'experiment 14 ignored (SPEC §4)': [
    [
      'machines/app/guards.ts',
      'return experimentHidesInstant || availableTime?.instantBooking !== true;',
      'return availableTime?.instantBooking !== true;',
    ],
  ],
  // Since issue 25 the coupon is reset on leaving checkout by any way (its exit action).
  'back from checkout keeps the coupon (SPEC §4)': [['machines/app/wizard.ts', "    exit: 'resetCoupon',\n", '']],
  'back from the date step keeps the date (SPEC §4)': [
    ['machines/app/wizard.ts', "'step.back': { target: back, actions: 'resetDate' }", "'step.back': { target: back }"],
  ],
  'slots shown before the minimum 1 s (SPEC §4)': [
    [
      'machines/slots/machine.ts',
      'minimumPending: ({ context }) => !context.minimumElapsed',
      'minimumPending: () => false',
    ],
  ],
  'participants below 2 (SPEC §9)': [
    [
      'machines/app/guards.ts',
      'context.draft.participantsCount <= LIMITS.salottoMinParticipants',
      'context.draft.participantsCount < LIMITS.salottoMinParticipants',
    ],
  ],
  'no welcome toast after sign-in (SPEC §2)': [['machines/app/session.ts', '  welcome,\n] as const;', '] as const;']],
  'no coupon toast (SPEC §8)': [
    [
      'machines/coupon/machine.ts',
      "{ type: 'showToast', params: { type: 'success', title: MESSAGES.couponAdded } },",
      '',
    ],
  ],
  'profile failure keeps the credential (SPEC §8)': [
    [
      'machines/app/session.ts',
      "onError: { target: 'signedOut.booking', actions: ['clearCredential', 'forgetSession', 'tellSessionExpired'] }",
      "onError: { target: 'signedOut.booking', actions: ['forgetSession', 'tellSessionExpired'] }",
    ],
  ],
  'a category step keeps the category (SPEC §4)': [
    [
      'machines/app/setup.ts',
      '...context.draft, category: null, hair: null, services: NO_SERVICES }',
      '...context.draft, hair: null, services: NO_SERVICES }',
    ],
  ],
  'an unknown path shows the login (SPEC §2)': [
    [
      'machines/app/session.ts',
      "{ screen: 'notFound', target: `${prefix}notFound` }",
      "{ screen: 'notFound', target: `${prefix}login` }",
    ],
  ],
  'checkout ignores the redirect address (SPEC §2 checkout)': [
    ['machines/checkout/machine.ts', "url: event.output.redirectUrl ?? '/'", "url: '/'"],
  ],
  'the salotto goes to the plain category step (SPEC §2)': [
    ['machines/app/wizard.ts', "toFlow('salotto', '#participants-salotto'),", "toFlow('salotto', '#category'),"],
  ],
  'no popup event when the out-of-zone dialog opens (SPEC §7)': [
    ['machines/app/wizard.ts', "entry: popup('fuori_zona'),", ''],
  ],
  // Issue 16: the rules written in the issue (tests/oracle/spec.ts AFTER_BOOKING_COPY and oracle.ts).
  'issue 16: an appointment cancelled without the confirmation dialog': [
    [
      'machines/appointment/machine.ts',
      "'appointment.cancel': { guard: 'cancellable', target: 'confirmingCancel' },",
      "'appointment.cancel': { guard: 'cancellable', target: 'cancelling' },",
    ],
  ],
  'issue 16: an appointment past its free cancellation can be cancelled': [
    [
      'machines/appointment/machine.ts',
      "'appointment.cancel': { guard: 'cancellable', target: 'confirmingCancel' },",
      "'appointment.cancel': { target: 'confirmingCancel' },",
    ],
  ],
  'issue 16: no toast once cancelled': [
    ['machines/appointment/machine.ts', 'successToast(MESSAGES.appointmentCancelled),', ''],
  ],
  'issue 16: a move sent without a time': [
    ['machines/reschedule/machine.ts', "{ guard: 'noTime', actions:", '{ guard: () => false, actions:'],
  ],
  'issue 16: a move to a day before today': [
    ['machines/reschedule/machine.ts', 'return event.date < context.today;', 'return false;'],
  ],
  'issue 16: a refused move keeps the taken time': [
    [
      'machines/reschedule/machine.ts',
      "            'clearTime',\n            'tellSlots',",
      "            'tellSlots',",
    ],
  ],
  'issue 16: a visitor opens an appointment without its link’s token': [
    [
      'machines/app/session.ts',
      "      : ({ type: 'routeOpensAppointmentLink', params: { screen } } as const),\n    // Stryker",
      "      : ({ type: 'routeIs', params: { screen } } as const),\n    // Stryker",
    ],
  ],
  'issue 16: the waitlist takes an invalid e-mail': [
    ['machines/waitlist/machine.ts', "{ guard: 'emailInvalid', actions: 'storeErrors' },", ''],
  ],
  'issue 16: a waitlist offer opens the day with her professional filter': [
    ['machines/app/setup.ts', 'availableTime: null, providerId: null },', 'availableTime: null },'],
  ],
  'issue 16: a waitlist link that no longer works says nothing': [
    ['machines/app/session.ts', 'onError: { target: booking, actions: errorToast },', 'onError: { target: booking },'],
  ],
  // Issue 40: her time off, her hours, the team's board.
  'issue 40: SALVA ASSENZA sends a time off without its days': [
    [
      'machines/pro/time-off.ts',
      "              { guard: 'validForm', target: 'saving', actions: 'clearErrors' },",
      "              { target: 'saving', actions: 'clearErrors' },",
    ],
  ],
  'issue 40: a time off saved is not said': [
    [
      'machines/pro/time-off.ts',
      "{ type: 'showToast', params: { type: 'success', title: PRO_TIME_OFF_TOASTS.saved } },",
      '',
    ],
  ],
  'issue 40: a time off cancelled is not said': [
    [
      'machines/pro/time-off.ts',
      "{ type: 'showToast', params: { type: 'success', title: PRO_TIME_OFF_TOASTS.cancelled } },",
      '',
    ],
  ],
  'issue 40: a hand-over refused because her appointments changed does not read her hours again': [
    ['machines/pro/hours.ts', "{ guard: 'changedMeanwhile', target: '#proHours.loading', actions: errorToast },", ''],
  ],
  'issue 40: an appointment handed over is not marked': [
    [
      'machines/pro/hours.ts',
      "{ type: 'markHandedOver', params: ({ event }) => ({ bookingId: event.output.bookingId }) },",
      '',
    ],
  ],
  'issue 40: a sick day entered on the board is not said': [
    [
      'machines/pro/team-board.ts',
      "{ type: 'showToast', params: { type: 'success', title: PRO_TEAM_BOARD_TOASTS.timeOffSaved } },",
      '',
    ],
  ],
  'issue 40: a reassignment refused is not said on the board': [
    [
      'machines/pro/team-board.ts',
      "actions: { type: 'storeRefusal', params: ({ event }) => ({ message: messageOf(event.error) }) },",
      '',
    ],
  ],
  'issue 40: the team’s board shows without its city': [
    [
      'machines/pro/team-board.ts',
      "'pro.board.show': { guard: 'aDay', target: '#proTeamBoard.loading', actions: 'ask' },",
      "'pro.board.show': { guard: 'aDay', target: '#proTeamBoard.loading' },",
    ],
  ],
};

/**
 * The oracle alone must kill every mutant (the machine tests only add to it): tests/oracle, less its
 * two checks of the model itself (coverage, unsent events), which are not SPEC's. The paths are
 * generated from the mutated tree here, so the replay's "where the model said" check agrees with it.
 */
const TESTS = ['tests/oracle', '-t', '^(?!the model’s paths|events no screen sends)'];

const root = resolve(import.meta.dirname, '..');
const filter = process.argv[2] ?? '';

// Every mutant must still apply to the machines as they are now.
for (const [name, edits] of Object.entries(MUTANTS)) {
  for (const [file, find] of edits) {
    if (!readFileSync(join(root, file), 'utf8').includes(find)) {
      throw new Error(`mutant '${name}': text not found in ${file}: ${find}`);
    }
  }
}
if (filter === '--check') process.exit(0);
// The committed tree (HEAD), so work in progress in the working tree does not count.
const work = mkdtempSync(join(tmpdir(), 'musa-mutants-'));
const archived = spawnSync('sh', ['-c', `git archive HEAD | tar -x -C '${work}'`], { cwd: root, encoding: 'utf8' });
if (archived.status !== 0) throw new Error(`git archive failed: ${archived.stderr}`);
symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));

const runTests = () =>
  spawnSync('npx', ['vitest', 'run', ...TESTS], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    // A mutant that makes the model infinite (a counter without its minimum) never ends the generation.
    timeout: 600_000,
  });

const baseline = runTests();
if (baseline.status !== 0) {
  console.log(`${baseline.stdout}${baseline.stderr}`.slice(-3000));
  throw new Error('the tests fail without any mutant: nothing to measure');
}

const results = [];
for (const [name, edits] of Object.entries(MUTANTS)) {
  if (filter && !new RegExp(filter, 'i').test(name)) continue;
  const originals = new Map();
  for (const [file, find, replace] of edits) {
    const path = join(work, file);
    const text = originals.get(path) ?? readFileSync(path, 'utf8');
    if (!originals.has(path)) originals.set(path, text);
    const current = readFileSync(path, 'utf8');
    if (!current.includes(find)) throw new Error(`mutant '${name}': text not found in ${file}: ${find}`);
    writeFileSync(path, current.replace(find, replace));
  }
  const run = runTests();
  for (const [path, text] of originals) writeFileSync(path, text);
  const output = `${run.stdout}${run.stderr}`;
  const failed = output.match(/Tests\s+(\d+) failed/)?.[1] ?? '0';
  const timedOut = run.status === null;
  const killed = run.status !== 0 && !timedOut;
  if (process.env.MUTANTS_VERBOSE) console.log(output.slice(-3000));
  results.push({ name, killed, failed: Number(failed) });
  const verdict = killed ? 'killed  ' : timedOut ? 'TIMEOUT ' : 'SURVIVED';
  console.log(`${verdict}  ${name}${killed ? `  (${failed} tests failed)` : ''}`);
}
rmSync(work, { recursive: true, force: true });
const killed = results.filter((result) => result.killed).length;
console.log(`\n${killed}/${results.length} mutants killed by the SPEC oracle (${TESTS.join(' ')})`);
if (killed < results.length) process.exitCode = 1;
