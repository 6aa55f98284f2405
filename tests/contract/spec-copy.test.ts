import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectServiceForCategories } from '../../contract/messages';

/**
 * SPEC §2, §4, §5 and §8's quoted Italian copy, letter for letter, copied here from SPEC (the oracle),
 * not from the app. `${PRODUCT}` stands for `{product}`, written as the app's template literals
 * write it. Each string must appear in the app's sources as a whole string literal or JSX text, so
 * changing a word of the copy (or dropping it) fails here. SPEC's English paraphrases ('what type of
 * service are you interested in today?', 'one or more options') are not copy and are left out.
 */
const SPEC_COPY: readonly string[] = [
  // §2 personal area
  'Cosa vuoi prenotare oggi?',
  'Appuntamenti futuri',
  "L'ultima volta ti abbiamo consigliato:",
  'PRENOTA APPUNTAMENTO',
  'Nessun appuntamento in programma.',
  'NUOVO APPUNTAMENTO',
  'Benvenuta ${PRODUCT}!',
  // §2 /login
  'Bentornata, ${PRODUCT}!',
  'Recupera password',
  'LOGIN',
  // §2 /ask-reset-password ('Controlla le Email!' exactly 'Controlla le tue Email!')
  'INVIA EMAIL',
  'Controlla le tue Email!',
  'Abbiamo inviato una mail alla tua casella di posta con un link per scegliere la tua nuova password!',
  'TORNA ALLA LOGIN',
  // §2 /reset-password
  'Scegli una password per il tuo profilo ${PRODUCT}!',
  'Almeno 8 caratteri',
  'CREA ACCOUNT',
  // §2 error page
  'Errore 404',
  'No route matches',
  'Oooops! Sembra che questa pagina non esista, ${PRODUCT}',
  "TORNA ALL'INIZIO",
  // §2 booking steps
  'AVANTI',
  'Es: Via Roma 2, Torino',
  'TIENIMI AGGIORNATA',
  'USA UN ALTRO INDIRIZZO',
  'Solo 1',
  'Salotto di ${PRODUCT} (2+ persone)',
  'Include una beauty box in omaggio',
  'Quante siete di preciso?',
  'Capelli',
  'Estetica',
  'Make up',
  'Dicci dei tuoi capelli e facci capire che ${PRODUCT} sei!',
  'Sotto il mento',
  'Sopra il mento',
  'Cortissimi',
  'Caricamento servizi...',
  'Scegli altre opzioni',
  'Non ho trovato quello che cercavo',
  'Specifica le tue preferenze',
  "Spiegaci un po' più nel dettaglio cosa vorreste fare.",
  'Informazioni aggiuntive',
  'Quando vorresti ricevere il servizio, ${PRODUCT}?',
  'Filtra professionista',
  'Mostra solo le disponibilità di:',
  'Puoi filtrare solo i professionisti che hai già incontrato.',
  'CHIUDI',
  'APPLICA FILTRO',
  'Seleziona una data per vedere le disponibilità!',
  'Prova a guardare un altro giorno!',
  'Siamo già sold-out per quest data! Prova a scegliere un altro giorno o contattaci su Whatsapp.',
  'Fee ${PRODUCT}',
  'RICHIEDI PRENOTAZIONE',
  'Scorri',
  // §4
  'modale_conferma',
  'APPLICA',
  'Rimuovi',
  // §5
  '*Campo richiesto',
  'Formato invalido',
  'Campo richiesto',
  'Seleziona un indirizzo dalla lista dei suggerimenti',
  'Devi aggiungere il numero civico',
  'Devi selezionare un opzione',
  'Devi selezionare un servizio',
  'Devi selezionare almeno un servizio',
  'Devi selezionare un orario',
  // §8
  'Oops! Si è verificato un errore, riprova!',
  'Ops! Nessun risultato',
  'Prova a ricontrollare l’indirizzo che hai inserito.',
  'Dati aggiornati correttamente',
  'Richiesta inviata correttamente',
  'Coupon aggiunto correttamente',
];

/** Words SPEC's copy replaced: none may remain as a string of the app. */
const RETIRED_COPY: readonly string[] = ['ACCEDI'];

const ROOT = join(import.meta.dirname, '../..');
const SOURCE_DIRS = ['src', 'contract', 'machines'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.css\.ts$/.test(entry.name) && !entry.name.endsWith('.gen.ts')
      ? [path]
      : [];
  });
}

/** The source without its comments, so a comment quoting the copy does not count as the app saying it. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const sources = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))).map((path) => ({
  path: relative(ROOT, path),
  text: withoutComments(readFileSync(path, 'utf8')),
}));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The string as a whole literal ('…', "…", `…`) or as the whole text between two JSX tags. */
const wholeLiteral = (text: string) => new RegExp(`(['"\`])${escape(text)}\\1|>\\s*${escape(text)}\\s*<`, 'u');

const filesWith = (text: string) =>
  sources.filter((source) => wholeLiteral(text).test(source.text)).map((source) => source.path);

describe("SPEC's quoted copy (§2, §4, §5, §8)", () => {
  it.each(SPEC_COPY)('the app says %s', (text) => {
    expect(filesWith(text), `no string literal "${text}" in ${SOURCE_DIRS.join(', ')}`).not.toEqual([]);
  });

  it.each(RETIRED_COPY)('the app no longer says %s', (text) => {
    expect(filesWith(text)).toEqual([]);
  });

  it("joins the salotto's category titles with a comma (SPEC §5)", () => {
    expect(selectServiceForCategories(['hair', 'beauty', 'make-up'])).toBe(
      'Devi selezionare almeno un servizio per Capelli, Estetica, Make up',
    );
  });
});
