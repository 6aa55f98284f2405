import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { API_CALLS, type ApiCallName } from '../../contract/api-calls';
import type { ApiCall } from '../../contract/calls';
import { errorEnvelopeSchema, successEnvelopeSchema } from '../../contract/envelope';
import { CALL_EXAMPLES } from './examples';

/**
 * The contract published as OpenAPI 3.1 (`GET /openapi.json`): every call of contract/calls.ts,
 * converted from its valibot schemas by @valibot/to-json-schema, inside the envelope of
 * contract/envelope.ts, with the error replies each route may give and the bearer scheme.
 *
 * Schemas are the wire format in both directions, so both requests and replies are converted in
 * `typeMode: 'input'`: what the server puts in `data` is the input of the response schema (the app
 * parses it into the output, e.g. a price sent as '12.50' or null becomes a number). Checks the
 * converter cannot express (refinements, transforms such as trim) are left out (`errorMode:
 * 'ignore'`): the document is a little more lenient than the server, never stricter.
 */

type Auth = 'none' | 'required' | 'optional';

type Traits = {
  summary: string;
  /** 'optional': a bearer token is read when sent (and refused with 401 when it is not valid). */
  auth?: Auth;
  /** Success statuses; 200 unless told. */
  success?: readonly number[];
  /** Refusals specific to the call, beside the ones derived below. */
  errors?: readonly number[];
  /** Calls limited per client IP / e-mail (429 with Retry-After). */
  rateLimited?: boolean;
};

/** What the contract's schemas do not say: who may call, and what the server refuses beside bad input. */
const CALL_TRAITS: Record<ApiCallName, Traits> = {
  login: { summary: 'Accesso con e-mail e password', errors: [401], rateLimited: true },
  loginByToken: { summary: 'Accesso con un token monouso (link)', errors: [401], rateLimited: true },
  logout: { summary: 'Fine della sessione (il token smette di valere)', auth: 'required' },
  currentUser: { summary: 'La cliente collegata', auth: 'required' },
  nextBookings: { summary: 'Le prossime prenotazioni della cliente', auth: 'required' },
  updateUser: { summary: 'Modifica del profilo', auth: 'required', errors: [403, 409] },
  completeSignup: { summary: 'Imposta la password (registrazione o reset)', rateLimited: true },
  checkSignupToken: { summary: 'Verifica del token di registrazione' },
  checkResetToken: { summary: 'Verifica del token di reset' },
  askResetPassword: { summary: 'Richiesta del link di reset', rateLimited: true },
  subscribeToList: { summary: 'Iscrizione alla lista di attesa', rateLimited: true },
  providersOfUser: { summary: 'Le professioniste della cliente', auth: 'required', errors: [403] },
  appointment: {
    summary: 'Un appuntamento della cliente (bearer, o ?token= del link “Gestisci appuntamento”)',
    auth: 'optional',
    errors: [404],
    rateLimited: true,
  },
  cancelAppointment: {
    summary: 'Cancella un appuntamento (gratis fino a 24 ore prima; 409 dopo)',
    auth: 'optional',
    errors: [404, 409],
    rateLimited: true,
  },
  rescheduleAppointment: {
    summary:
      'Sposta un appuntamento a un altro orario libero (gratis fino a 24 ore prima; 409 dopo o se l’orario è preso)',
    auth: 'optional',
    errors: [404, 409],
    rateLimited: true,
  },
  appointmentAvailableTimes: {
    summary: 'Orari liberi di un giorno per spostare un appuntamento (il suo orario conta come libero)',
    auth: 'optional',
    errors: [404, 409],
    rateLimited: true,
  },
  appointmentReminder: {
    summary: 'Attiva o disattiva il promemoria due ore prima',
    auth: 'optional',
    errors: [404, 409],
    rateLimited: true,
  },
  joinWaitlist: {
    summary: 'Avvisami se si libera un orario (un giorno senza orari liberi)',
    errors: [400],
    rateLimited: true,
  },
  waitlistOffer: {
    summary: 'Il giorno liberato e la bozza lasciata, dal link dell’avviso (?token=)',
    errors: [404],
    rateLimited: true,
  },
  appointmentOffer: {
    summary: 'La risposta della cliente all’orario proposto: accetta (confermato) o rifiuta (annullato)',
    auth: 'optional',
    errors: [404, 409],
    rateLimited: true,
  },
  appointmentRebook: {
    summary: 'Prenota di nuovo: la bozza con lo stesso indirizzo e gli stessi servizi, e il giorno chiesto',
    auth: 'optional',
    errors: [404],
    rateLimited: true,
  },
  appointmentRating: {
    summary:
      'La valutazione di un appuntamento che si è svolto, dal link dell’invito (?token=) o da chi l’ha prenotato (409 prima della fine o se annullato)',
    auth: 'optional',
    errors: [404, 409],
    rateLimited: true,
  },
  rateAppointment: {
    summary:
      'Valuta (o cambia, per 30 giorni dalla fine) ogni professionista dell’appuntamento: 1–5 stelle e un commento; una sola per professionista',
    auth: 'optional',
    errors: [400, 404, 409],
    rateLimited: true,
  },
  proRatings: {
    summary: 'Le valutazioni della professionista degli ultimi 12 mesi, le più recenti prima, e la sua media',
    auth: 'required',
    errors: [403],
    rateLimited: true,
  },
  proMe: {
    summary: 'La professionista o il team collegato (403 per una cliente)',
    auth: 'required',
    errors: [403],
    rateLimited: true,
  },
  proAgenda: {
    summary: 'L’agenda della professionista: appuntamenti confermati e in attesa, dal giorno `from` per `days` giorni',
    auth: 'required',
    errors: [403],
    rateLimited: true,
  },
  proRequests: {
    summary: 'Le richieste che aspettano una risposta (sue; per il team tutte quelle senza risposta e i salotti)',
    auth: 'required',
    errors: [403],
    rateLimited: true,
  },
  proRequest: { summary: 'Una richiesta e cosa si può fare', auth: 'required', errors: [403, 404], rateLimited: true },
  acceptRequest: {
    summary: 'Accetta una richiesta (confermata; 409 se ha già avuto risposta o è passata ad altre)',
    auth: 'required',
    errors: [403, 404, 409],
    rateLimited: true,
  },
  declineRequest: {
    summary: 'Rifiuta una richiesta con un motivo (annullata, orario liberato)',
    auth: 'required',
    errors: [403, 404, 409],
    rateLimited: true,
  },
  requestAvailableTimes: {
    summary: 'Gli orari liberi della professionista in un giorno, da proporre al posto di quello chiesto',
    auth: 'required',
    errors: [403, 404, 409],
    rateLimited: true,
  },
  offerRequest: {
    summary: 'Propone un altro orario (la richiesta si sposta lì e aspetta la risposta della cliente)',
    auth: 'required',
    errors: [403, 404, 409],
    rateLimited: true,
  },
  quoteSalotto: {
    summary: 'Il preventivo del salotto dopo la consulenza, con il team: confermato',
    auth: 'required',
    errors: [403, 404, 409],
    rateLimited: true,
  },
  proHours: {
    summary:
      'I tuoi orari: la settimana in vigore oggi, quelle salvate da un giorno futuro e gli appuntamenti che restano fuori (403 per chi non è una professionista)',
    auth: 'required',
    errors: [403],
    rateLimited: true,
  },
  saveProHours: {
    summary:
      'Salva la tua settimana da un giorno in poi (oggi o dopo); gli appuntamenti fuori dai nuovi orari restano e sono elencati',
    auth: 'required',
    errors: [400, 403],
    rateLimited: true,
  },
  teamHours: {
    summary: 'Il team: gli orari di una professionista',
    auth: 'required',
    errors: [403, 404],
    rateLimited: true,
  },
  saveTeamHours: {
    summary: 'Il team: salva la settimana di una professionista da un giorno in poi',
    auth: 'required',
    errors: [400, 403, 404],
    rateLimited: true,
  },
  proTimeOff: {
    summary: 'Le tue assenze non ancora finite, le più vicine prima (il motivo lo legge solo il team)',
    auth: 'required',
    errors: [403],
    rateLimited: true,
  },
  createProTimeOff: {
    summary:
      'Segna un’assenza (giorni interi o ore di un giorno): da allora nessuno ti prenota lì dentro; 409 se si sovrappone a un’altra',
    auth: 'required',
    success: [201],
    errors: [400, 403, 409],
    rateLimited: true,
  },
  teamTimeOff: {
    summary: 'Il team: le assenze non ancora finite di una professionista, con il motivo',
    auth: 'required',
    errors: [403, 404],
    rateLimited: true,
  },
  createTeamTimeOff: {
    summary: 'Il team: segna l’assenza di una professionista (per esempio ha chiamato perché malata)',
    auth: 'required',
    success: [201],
    errors: [400, 403, 404, 409],
    rateLimited: true,
  },
  cancelTimeOff: {
    summary: 'Annulla un’assenza (tua, o di chiunque per il team; 404 altrimenti; 409 se è già finita)',
    auth: 'required',
    errors: [403, 404, 409],
    rateLimited: true,
  },
  handOverAppointment: {
    summary:
      'Passa a una collega un tuo appuntamento fuori dai tuoi orari (409 se è nei tuoi orari: per non andarci segna un’assenza)',
    auth: 'required',
    errors: [403, 404, 409],
    rateLimited: true,
  },
  teamBoard: {
    summary:
      'Il team: la bacheca di una città in un giorno, con la colonna di ogni professionista e gli appuntamenti da ricollocare',
    auth: 'required',
    errors: [400, 403, 404],
    rateLimited: true,
  },
  reassignAppointment: {
    summary:
      'Il team: dà un appuntamento a un’altra professionista alla stessa ora (400 se non fa quei servizi lì o non lavora allora, 409 se non è libera)',
    auth: 'required',
    errors: [400, 403, 404, 409],
    rateLimited: true,
  },
  proCalendarFeed: {
    summary:
      'L’indirizzo privato del tuo calendario (iCalendar) da aggiungere a Apple, Google o Outlook: creato alla prima richiesta',
    auth: 'required',
    errors: [403],
    rateLimited: true,
  },
  regenerateProCalendarFeed: {
    summary: 'Un nuovo indirizzo per il tuo calendario: quello vecchio smette subito di funzionare (404)',
    auth: 'required',
    errors: [403],
    rateLimited: true,
  },
  teamCalendarFeed: {
    summary: 'Il team: l’indirizzo del calendario di una professionista',
    auth: 'required',
    errors: [403, 404],
    rateLimited: true,
  },
  regenerateTeamCalendarFeed: {
    summary: 'Il team: un nuovo indirizzo per il calendario di una professionista (il vecchio risponde 404)',
    auth: 'required',
    errors: [403, 404],
    rateLimited: true,
  },
  checkLocation: { summary: 'La zona è servita?' },
  availableTimes: { summary: 'Orari liberi di un giorno' },
  salottoAvailableTimes: { summary: 'Orari liberi di un giorno (salotto)' },
  availableDays: { summary: 'Giorni con almeno un orario libero' },
  holdSlot: {
    summary: 'Tiene un orario per lei mentre compila il checkout (10 minuti; 409 se appena preso)',
    success: [201],
    errors: [409],
    rateLimited: true,
  },
  holdSalottoSlot: {
    summary: 'Tiene un orario del salotto per lei (tutto il team; 10 minuti; 409 se appena preso)',
    success: [201],
    errors: [409],
    rateLimited: true,
  },
  renewHold: {
    summary: 'Rinnova l’orario tenuto per altri 10 minuti (409 se è scaduto)',
    errors: [409],
    rateLimited: true,
  },
  releaseHold: { summary: 'Libera l’orario tenuto (idempotente)' },
  releaseHoldBeacon: {
    summary: 'Libera l’orario tenuto, da navigator.sendBeacon (POST, JSON anche come text/plain)',
  },
  services: { summary: 'Catalogo di una categoria' },
  salottoServices: { summary: 'Catalogo del salotto' },
  createBooking: {
    summary: 'Prenotazione (201; 200 quando la stessa Idempotency-Key la ritrova)',
    auth: 'optional',
    success: [201, 200],
    errors: [409, 422],
    rateLimited: true,
  },
  createSalottoBooking: {
    summary: 'Prenotazione del salotto (201; 200 quando la stessa Idempotency-Key la ritrova)',
    auth: 'optional',
    success: [201, 200],
    errors: [409, 422],
    rateLimited: true,
  },
  checkCoupon: { summary: 'Verifica di un codice sconto (?onlyCheckCoupon=1)', auth: 'optional', rateLimited: true },
  checkSalottoCoupon: {
    summary: 'Verifica di un codice sconto del salotto (?onlyCheckCoupon=1)',
    auth: 'optional',
    rateLimited: true,
  },
  geoAutocomplete: { summary: 'Suggerimenti di indirizzi' },
  geoPlace: { summary: 'Indirizzo completo di un suggerimento', errors: [404] },
};

/** Routes the server has beside the contract's calls. */
const healthSchema = v.object({
  status: v.picklist(['ok', 'degraded']),
  database: v.picklist(['up', 'down']),
  time: v.string(),
});
const pingSchema = v.object({ pong: v.literal(true) });

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Input contrario allo schema, corpo non JSON o link non valido',
  401: 'Token assente, scaduto o credenziali errate (WWW-Authenticate: Bearer)',
  403: 'Dati di un’altra cliente',
  404: 'Risorsa non trovata',
  409: 'Conflitto (orario già preso o tenuto da un’altra, orario tenuto scaduto, e-mail già usata, Idempotency-Key riusata)',
  422: 'Idempotency-Key già usata con un’altra richiesta',
  413: 'Corpo oltre il limite',
  415: 'Corpo non JSON (Content-Type diverso da application/json)',
  429: 'Troppi tentativi (Retry-After in secondi)',
  503: 'Database momentaneamente non raggiungibile (Retry-After in secondi)',
};

/**
 * What any request may get before it reaches a route, on an operation with no refusal of its own
 * (a request line or headers Node cannot read: 400, 431; server/runtime/client-errors.ts).
 */
const CLIENT_ERROR = { $ref: '#/components/responses/ErrorClient' };

const CONVERSION: ConversionConfig = { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' };

/** A JSON Schema without its `$schema` (an OpenAPI 3.1 document has one dialect for all). */
function jsonSchema(schema: v.GenericSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, CONVERSION);
  return rest;
}

/** A property's schema may be `true` (anything). */
type SchemaOrBoolean = JsonSchema | boolean;

const distinct = (schemas: SchemaOrBoolean[]): SchemaOrBoolean[] => {
  const seen = new Map<string, SchemaOrBoolean>();
  for (const schema of schemas) seen.set(JSON.stringify(schema), schema);
  return [...seen.values()];
};
/** Calls sharing a route (a booking and a coupon check) overlap: a body may fit both, hence anyOf. */
const anyOf = (schemas: SchemaOrBoolean[]): SchemaOrBoolean => {
  const unique = distinct(schemas);
  return unique.length === 1 ? unique[0]! : { anyOf: unique };
};

type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: SchemaOrBoolean };

/** One parameter per property of an object schema; merged over calls sharing a route. */
function parameters(schemas: Array<v.GenericSchema | undefined>, where: 'path' | 'query'): Parameter[] {
  const converted = schemas.map((schema) => (schema ? jsonSchema(schema) : { properties: {}, required: [] }));
  const names = new Set(converted.flatMap((schema) => Object.keys(schema.properties ?? {})));
  return [...names].map((name) => ({
    name,
    in: where,
    required: where === 'path' || converted.every((schema) => schema.required?.includes(name) ?? false),
    schema: anyOf(converted.flatMap((schema) => (schema.properties?.[name] ? [schema.properties[name]] : []))),
  }));
}

const json = (schema: SchemaOrBoolean) => ({ 'application/json': { schema } });
const envelopeRef = (status: number) => ({ $ref: `#/components/responses/Error${status}` });

/** `/users/:userId` → `/users/{userId}`. */
export const openApiPath = (route: string): string => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

type Operation = Record<string, unknown> & { responses: Record<string, unknown> };

/** Each call's recorded example (examples.ts), by name, for the parts of an operation. */
function examplesOf(named: Array<[ApiCallName, ApiCall]>, pick: (name: ApiCallName) => unknown) {
  const entries = named.flatMap(([name]) => {
    const value = pick(name);
    return value === undefined ? [] : [[name, { summary: CALL_TRAITS[name].summary, value }] as const];
  });
  return entries.length > 0 ? { examples: Object.fromEntries(entries) } : {};
}

/** A parameter's example: the first call of the operation that sends it. */
function withExample(parameter: Parameter, named: Array<[ApiCallName, ApiCall]>): Parameter & { example?: string } {
  for (const [name] of named) {
    const example = CALL_EXAMPLES[name];
    const value = parameter.in === 'path' ? example.params?.[parameter.name] : example.query?.[parameter.name];
    if (value !== undefined) return { ...parameter, example: value };
  }
  return parameter;
}

function operation(named: Array<[ApiCallName, ApiCall]>): Operation {
  const calls = named.map(([, call]) => call);
  const traits = named.map(([name]) => CALL_TRAITS[name]);
  const successData = new Map<number, JsonSchema[]>();
  named.forEach(([name, call]) => {
    for (const status of CALL_TRAITS[name].success ?? [200]) {
      successData.set(status, [...(successData.get(status) ?? []), jsonSchema(call.response)]);
    }
  });
  const hasInput = calls.some((call) => call.params ?? call.query ?? call.payload);
  const hasBody = calls.some((call) => call.payload);
  const auth: Auth = traits.some((t) => t.auth === 'required')
    ? 'required'
    : traits.some((t) => t.auth === 'optional')
      ? 'optional'
      : 'none';
  const errors = new Set<number>([
    ...(hasInput ? [400] : []),
    ...(auth !== 'none' ? [401] : []),
    ...traits.flatMap((t) => t.errors ?? []),
    // Any body sent with a write is size- and type-checked before the route, payload or not.
    ...(calls.some((call) => call.method !== 'GET') ? [413, 415] : []),
    ...(traits.some((t) => t.rateLimited) ? [429] : []),
    503,
  ]);
  const responses: Record<string, unknown> = {};
  for (const [status, data] of [...successData].sort(([a], [b]) => a - b)) {
    const envelope = jsonSchema(successEnvelopeSchema(v.unknown()));
    const schema = { ...envelope, properties: withData(envelope, anyOf(data)) };
    const examples = examplesOf(named, (name) =>
      CALL_EXAMPLES[name].status === status ? CALL_EXAMPLES[name].reply : undefined,
    );
    responses[status] = {
      description: 'Successo',
      content: { 'application/json': { schema, ...examples } },
    };
  }
  for (const status of [...errors].sort((a, b) => a - b)) responses[status] = envelopeRef(status);
  const params = [
    ...parameters(
      calls.map((call) => call.params),
      'path',
    ),
    ...parameters(
      calls.map((call) => call.query),
      'query',
    ),
  ];
  return {
    operationId: named.map(([name]) => name).join('_'),
    summary: traits.map((t) => t.summary).join(' · '),
    // Public operations say so (`[]`); the others name the bearer scheme (optional: with or without).
    security: auth === 'required' ? [{ bearer: [] }] : auth === 'optional' ? [{}, { bearer: [] }] : [],
    ...(params.length > 0 ? { parameters: params.map((parameter) => withExample(parameter, named)) } : {}),
    ...(hasBody
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: anyOf(calls.flatMap((call) => (call.payload ? [jsonSchema(call.payload)] : []))),
                ...examplesOf(named, (name) => CALL_EXAMPLES[name].body),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** The envelope's `properties` with `result.data` replaced by `data`. */
function withData(envelope: JsonSchema, data: SchemaOrBoolean): Record<string, JsonSchema> {
  const result = envelope.properties?.result as JsonSchema;
  return { result: { ...result, properties: { ...result.properties, data } } };
}

/** Routes outside the contract, described here. */
function serverOnlyPaths(): Record<string, Record<string, Operation>> {
  const success = (schema: v.GenericSchema, data: unknown) => ({
    description: 'Successo',
    content: {
      'application/json': {
        schema: jsonSchema(successEnvelopeSchema(schema)),
        example: { result: { success: true, data } },
      },
    },
  });
  const time = '2026-03-02T09:00:00.000Z';
  return {
    '/health': {
      get: {
        operationId: 'health',
        summary: 'Stato del servizio e del database',
        security: [],
        responses: {
          200: success(healthSchema, { status: 'ok', database: 'up', time }),
          '4XX': CLIENT_ERROR,
          503: {
            description: 'Database non raggiungibile (stessa forma, success true)',
            content: {
              'application/json': {
                schema: jsonSchema(successEnvelopeSchema(healthSchema)),
                example: { result: { success: true, data: { status: 'degraded', database: 'down', time } } },
              },
            },
          },
        },
      },
    },
    '/ping': {
      get: {
        operationId: 'ping',
        summary: 'Una query banale (benchmark e prontezza)',
        security: [],
        responses: { 200: success(pingSchema, { pong: true }), '4XX': CLIENT_ERROR, 503: envelopeRef(503) },
      },
    },
    '/calendar/{feedFile}': {
      get: {
        operationId: 'calendarFeed',
        summary:
          'Il calendario di una professionista (iCalendar, RFC 5545, fuori dalla busta): appuntamenti, quelli in attesa TENTATIVE, assenze; ETag e 304 con If-None-Match',
        security: [],
        parameters: [
          {
            name: 'feedFile',
            in: 'path',
            required: true,
            description: 'Il token del calendario e .ics',
            schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{32}\\.ics$' },
            example: 'ln_zsTH2md3QO9BHhQS5L837W9qlEWUN.ics',
          },
        ],
        responses: {
          200: {
            description: 'Il calendario',
            content: {
              'text/calendar': {
                schema: { type: 'string' },
                example: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Musa//Prenotazioni//IT\r\nEND:VCALENDAR\r\n',
              },
            },
          },
          304: { description: 'Non cambiato dall’ETag di If-None-Match' },
          '4XX': CLIENT_ERROR,
        },
      },
    },
    '/openapi.json': {
      get: {
        operationId: 'openApi',
        summary: 'Questo documento (OpenAPI 3.1, fuori dalla busta)',
        security: [],
        responses: {
          200: {
            description: 'Il documento',
            content: {
              'application/json': {
                schema: { type: 'object' },
                example: { openapi: '3.1.0', info: { title: 'Musa API', version: '1.0.0' }, paths: {} },
              },
            },
          },
          '4XX': CLIENT_ERROR,
        },
      },
    },
  };
}

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

function buildDocument(): OpenApiDocument {
  const byRoute = new Map<string, Array<[ApiCallName, ApiCall]>>();
  for (const [name, call] of Object.entries(API_CALLS) as Array<[ApiCallName, ApiCall]>) {
    const key = `${call.method} ${call.route}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), [name, call]]);
  }
  const paths: OpenApiDocument['paths'] = serverOnlyPaths();
  for (const named of byRoute.values()) {
    const [, first] = named[0]!;
    const path = openApiPath(first.route);
    paths[path] = { ...paths[path], [first.method.toLowerCase()]: operation(named) };
  }
  const errorEnvelope = jsonSchema(errorEnvelopeSchema);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Musa API',
      version: '1.0.0',
      description:
        'Ogni risposta è la busta { result: { success, data } } oppure { result: { success: false, error: { message } } } ' +
        'con un messaggio in italiano. Generato dagli schemi valibot di contract/ (vedi docs/api.md).',
    },
    servers: [{ url: 'http://localhost:8787', description: 'L’API in locale (PORT; npm start)' }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Token opaco di sessione (POST /login)' },
      },
      schemas: { ErrorEnvelope: errorEnvelope },
      responses: Object.fromEntries([
        ...Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [
          `Error${status}`,
          { description, content: json({ $ref: '#/components/schemas/ErrorEnvelope' }) },
        ]),
        [
          'ErrorClient',
          {
            description: 'Richiesta illeggibile (riga o intestazioni malformate: 400; intestazioni troppo grandi: 431)',
            content: json({ $ref: '#/components/schemas/ErrorEnvelope' }),
          },
        ],
      ]),
    },
  };
}

let cached: OpenApiDocument | undefined;

/** Built on first use, then kept: the contract does not change while the process runs. */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildDocument();
  return cached;
}
