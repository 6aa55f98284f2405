/**
 * SPEC §4 'Back from the date step resets date to today and clears availableTime.' INDIETRO and the
 * browser's Back do; going back by typing the previous step's URL (a page load, `reload`) does not:
 * the data step then shows her old day with her old time still chosen, and AVANTI goes on with it.
 */
import { beautyDraftAtData, Probe, TODAY } from '../harness';

// Contrast: the browser's Back from the data step.
const back = new Probe('10a browser Back from /booking/beauty/data', { input: { draft: beautyDraftAtData() } });
await back.open('/booking/beauty/data');
await back.go('/booking/beauty/details', 'browser Back →');
back.show('details', { date: back.draft.date, time: back.draft.availableTime?.startTime ?? null });
back.caseVerdict('date today, no time', `date ${back.draft.date ?? 'null'}`, back.draft.date !== TODAY);

// The same move by typing the URL (the app loads the page anew with the draft saved in session storage).
const p = new Probe('10b typed URL /booking/beauty/details from the data step', {
  input: { draft: beautyDraftAtData() },
});
p.show('saved draft on the data step', { date: p.draft.date, time: p.draft.availableTime?.startTime ?? null });
await p.open('/booking/beauty/details');
p.show('details', { wizard: p.wizard(), date: p.draft.date, time: p.draft.availableTime?.startTime ?? null });
await p.send({ type: 'step.next' }, 'AVANTI');
p.show('data step again', { wizard: p.wizard(), date: p.draft.date, time: p.draft.availableTime?.startTime ?? null });
await p.send({ type: 'step.next' }, 'AVANTI (no new pick)');
p.show('after', { wizard: p.wizard(), url: p.url() });
p.verdict(
  `back from the date step: date ${TODAY} (today), no time; AVANTI on the data step asks 'Devi selezionare un orario'`,
  `date ${p.draft.date ?? 'null'} and time ${p.draft.availableTime?.startTime ?? 'none'} kept; AVANTI goes on to ${p.url() ?? '?'}`,
  p.draft.date !== TODAY && p.draft.availableTime !== null,
);
