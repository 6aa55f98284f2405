// `npm run e2e:paths`: replays the statechart's generated paths in Chromium. The replay needs the
// booking screens (the next web-app issue); until they land this says so instead of pretending.
console.log(
  [
    'e2e:paths non è ancora costruito: le schermate di prenotazione arrivano con la prossima issue del web app.',
    'Intanto: `npm run paths` elenca i percorsi generati e `npx vitest run tests/machines` li ripercorre',
    'contro la macchina (con chiamate finte e orologio simulato).',
  ].join('\n'),
);
