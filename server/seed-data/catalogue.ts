/**
 * The seeded catalogue: services by category (API names: hair, estetica, make-up), the sections
 * the service step shows them in, and the salotto (group) services. Plain data: the pure helpers
 * that read it live in server/catalogue/catalogue.ts; the database seed copies it into tables.
 *
 * Prices are euros. Hair services are priced (and timed) by hair length. `price: null` means
 * "on quote" (isManualFlow). A variant group (`groupId`) is one item of a section with several
 * options: the upsell box lets the user switch between them.
 */
import type { ApiCategory, ItemType } from '../../contract/constants';
import type { ByHairLength, CatalogueSection, CatalogueService, SectionRole } from '../domain/catalogue';

// ---------------------------------------------------------------------------------------------
// Builders (keep the table below readable)
// ---------------------------------------------------------------------------------------------

const img = (slug: string) => `/images/${slug}.svg`;
const hl = (short: number, medium: number, long: number): ByHairLength => ({ short, medium, long });

type Opt = Partial<
  Pick<
    CatalogueService,
    | 'formDescription'
    | 'listPrice'
    | 'listPriceByHairLength'
    | 'priceStartingFrom'
    | 'isManualFlow'
    | 'groupId'
    | 'excludeFromBooking'
    | 'durationByHairLength'
  >
>;

const base = (o: Opt) => ({
  priceStartingFrom: false,
  isManualFlow: false,
  groupId: null,
  excludeFromBooking: false,
  salotto: false,
  ...o,
});

function hair(
  id: string,
  name: string,
  description: string,
  prices: ByHairLength,
  durations: ByHairLength,
  image: string,
  o: Opt = {},
): CatalogueService {
  return {
    id,
    category: 'hair',
    name,
    description,
    durationMM: durations.medium,
    durationByHairLength: durations,
    price: prices.medium,
    priceByHairLength: prices,
    image: img(image),
    ...base(o),
  };
}

function svc(
  id: string,
  category: ApiCategory,
  name: string,
  description: string,
  price: number | null,
  durationMM: number,
  image: string,
  o: Opt = {},
): CatalogueService {
  return { id, category, name, description, durationMM, price, image: img(image), ...base(o) };
}

function salotto(
  id: string,
  category: ApiCategory,
  name: string,
  description: string,
  pricePerPerson: number,
  durationMM: number,
  image: string,
): CatalogueService {
  return {
    id,
    category,
    name,
    description,
    durationMM,
    price: pricePerPerson,
    image: img(image),
    ...base({ priceStartingFrom: true, isManualFlow: true }),
    salotto: true,
  };
}

// ---------------------------------------------------------------------------------------------
// Services
// ---------------------------------------------------------------------------------------------

export const SERVICES: readonly CatalogueService[] = [
  // Capelli: principali
  hair(
    'capelli-piega-liscia',
    'Piega liscia',
    'Shampoo, balsamo e piega liscia con spazzola o piastra.',
    hl(25, 30, 35),
    hl(35, 45, 55),
    'piega',
    { groupId: 'capelli-piega' },
  ),
  hair(
    'capelli-piega-mossa',
    'Piega mossa',
    'Shampoo, balsamo e piega mossa con spazzola tonda.',
    hl(28, 33, 38),
    hl(40, 50, 60),
    'piega',
    { groupId: 'capelli-piega' },
  ),
  hair(
    'capelli-piega-onde',
    'Piega con onde',
    'Shampoo e onde morbide con ferro, fissate con lacca leggera.',
    hl(32, 38, 45),
    hl(45, 55, 65),
    'piega',
    { groupId: 'capelli-piega' },
  ),
  hair(
    'capelli-taglio-piega',
    'Taglio e piega',
    'Consulenza, shampoo, taglio su misura e piega.',
    hl(40, 45, 52),
    hl(50, 60, 70),
    'taglio',
    { groupId: 'capelli-taglio' },
  ),
  hair(
    'capelli-spuntatina-piega',
    'Spuntatina e piega',
    'Punte pulite senza cambiare forma, poi piega.',
    hl(33, 38, 44),
    hl(40, 50, 60),
    'taglio',
    { groupId: 'capelli-taglio' },
  ),
  hair(
    'capelli-colore-piega',
    'Colore e piega',
    'Colore su tutta la lunghezza, shampoo e piega.',
    hl(55, 62, 72),
    hl(90, 100, 115),
    'colore',
    { groupId: 'capelli-colore' },
  ),
  hair(
    'capelli-ricrescita-piega',
    'Ritocco ricrescita e piega',
    'Colore alla radice (fino a 3 cm), shampoo e piega.',
    hl(48, 52, 58),
    hl(80, 90, 100),
    'colore',
    { groupId: 'capelli-colore' },
  ),
  hair(
    'capelli-colore-bio-piega',
    'Colore senza ammoniaca e piega',
    'Colore delicato senza ammoniaca, shampoo e piega.',
    hl(62, 70, 80),
    hl(95, 105, 120),
    'colore',
    {
      groupId: 'capelli-colore',
      listPriceByHairLength: hl(68, 76, 86),
    },
  ),
  hair(
    'capelli-balayage-piega',
    'Balayage e piega',
    'Schiaritura a mano libera dalle lunghezze alle punte, tonalizzante e piega.',
    hl(110, 130, 150),
    hl(150, 170, 195),
    'schiariture',
    {
      groupId: 'capelli-schiariture',
      priceStartingFrom: true,
    },
  ),
  hair(
    'capelli-colpi-di-sole-piega',
    'Colpi di sole e piega',
    'Colpi di sole con cartine, tonalizzante e piega.',
    hl(85, 98, 112),
    hl(120, 135, 150),
    'schiariture',
    { groupId: 'capelli-schiariture' },
  ),
  svc(
    'capelli-correzione-colore',
    'hair',
    'Correzione colore',
    'Per cambi di colore importanti: ti richiamiamo per una consulenza gratuita e un preventivo.',
    null,
    180,
    'colore',
    {
      isManualFlow: true,
      formDescription:
        'Raccontaci com’è il tuo colore oggi e cosa desideri: la nostra hair stylist ti richiama per una consulenza gratuita e ti invia il preventivo.',
    },
  ),
  hair(
    'capelli-raccolto',
    'Raccolto per cerimonia',
    'Acconciatura raccolta per matrimoni ed eventi, con prova di stile.',
    hl(45, 55, 65),
    hl(50, 60, 75),
    'raccolto',
    { priceStartingFrom: true },
  ),
  // Capelli: aggiuntivi
  hair(
    'capelli-maschera-idratante',
    'Maschera idratante',
    'Maschera nutriente in posa durante lo shampoo.',
    hl(10, 12, 15),
    hl(10, 10, 15),
    'trattamento-capelli',
  ),
  hair(
    'capelli-trattamento-cheratina',
    'Trattamento ristrutturante alla cheratina',
    'Ristruttura le lunghezze sfibrate e riduce il crespo.',
    hl(18, 22, 26),
    hl(15, 20, 25),
    'trattamento-capelli',
  ),
  hair(
    'capelli-gloss',
    'Gloss tonalizzante',
    'Riflessi luminosi e colore ravvivato, senza ammoniaca.',
    hl(20, 25, 30),
    hl(20, 20, 25),
    'colore',
  ),
  svc('capelli-taglio-frangia', 'hair', 'Taglio frangia', 'Frangia dritta o sfilata.', 10, 10, 'taglio', {
    groupId: 'capelli-frangia',
  }),
  svc(
    'capelli-frangia-tendina',
    'hair',
    'Frangia a tendina',
    'Frangia aperta al centro, morbida sul viso.',
    12,
    15,
    'taglio',
    { groupId: 'capelli-frangia' },
  ),
  svc(
    'capelli-kit-cura',
    'hair',
    'Kit shampoo e maschera professionali',
    'Shampoo e maschera da 250 ml, consegnati dalla professionista.',
    29,
    0,
    'kit-prodotti',
    { excludeFromBooking: true },
  ),

  // Estetica: principali
  svc(
    'estetica-manicure-classica',
    'estetica',
    'Manicure classica',
    'Pulizia, limatura, cuticole e smalto tradizionale.',
    20,
    40,
    'manicure',
    { groupId: 'estetica-manicure' },
  ),
  svc(
    'estetica-manicure-semipermanente',
    'estetica',
    'Manicure semipermanente',
    'Manicure completa con smalto semipermanente, dura fino a 3 settimane.',
    30,
    50,
    'manicure',
    {
      groupId: 'estetica-manicure',
      listPrice: 35,
    },
  ),
  svc(
    'estetica-ricostruzione-gel',
    'estetica',
    'Ricostruzione unghie in gel',
    'Allungamento e ricostruzione in gel, forma a scelta.',
    45,
    90,
    'manicure',
    {
      groupId: 'estetica-manicure',
      priceStartingFrom: true,
    },
  ),
  svc(
    'estetica-pedicure-classica',
    'estetica',
    'Pedicure classica',
    'Pediluvio, cuticole, limatura e smalto tradizionale.',
    28,
    50,
    'pedicure',
    { groupId: 'estetica-pedicure' },
  ),
  svc(
    'estetica-pedicure-semipermanente',
    'estetica',
    'Pedicure semipermanente',
    'Pedicure completa con smalto semipermanente.',
    38,
    60,
    'pedicure',
    { groupId: 'estetica-pedicure' },
  ),
  svc(
    'estetica-pedicure-spa',
    'estetica',
    'Pedicure spa',
    'Pedicure con scrub, maschera e massaggio ai piedi.',
    45,
    70,
    'pedicure',
    { groupId: 'estetica-pedicure' },
  ),
  svc(
    'estetica-pulizia-viso',
    'estetica',
    'Pulizia del viso',
    'Detersione, esfoliazione, estrazione delicata e maschera lenitiva.',
    50,
    60,
    'viso',
  ),
  svc(
    'estetica-massaggio-decontratturante',
    'estetica',
    'Massaggio decontratturante',
    'Massaggio profondo su schiena, collo e spalle.',
    55,
    50,
    'massaggio',
    { groupId: 'estetica-massaggio' },
  ),
  svc(
    'estetica-massaggio-linfodrenante',
    'estetica',
    'Massaggio linfodrenante',
    'Manualità leggere che aiutano la circolazione di gambe e addome.',
    60,
    60,
    'massaggio',
    { groupId: 'estetica-massaggio' },
  ),
  svc(
    'estetica-massaggio-rilassante',
    'estetica',
    'Massaggio rilassante',
    'Massaggio total body con olio caldo.',
    50,
    50,
    'massaggio',
    { groupId: 'estetica-massaggio' },
  ),
  svc(
    'estetica-ceretta-total-body',
    'estetica',
    'Ceretta total body',
    'Gambe complete, inguine, ascelle, braccia e viso.',
    60,
    75,
    'ceretta',
    { groupId: 'estetica-ceretta' },
  ),
  svc(
    'estetica-ceretta-gambe-inguine',
    'estetica',
    'Ceretta gambe complete e inguine',
    'Cera tiepida sulle gambe complete e inguine classico.',
    38,
    50,
    'ceretta',
    { groupId: 'estetica-ceretta' },
  ),
  svc(
    'estetica-ceretta-mezza-gamba',
    'estetica',
    'Ceretta mezza gamba',
    'Cera tiepida dal ginocchio alla caviglia.',
    18,
    25,
    'ceretta',
    { groupId: 'estetica-ceretta' },
  ),
  svc(
    'estetica-laminazione-ciglia',
    'estetica',
    'Laminazione ciglia',
    'Ciglia curvate e nutrite per 6 settimane, tinta inclusa.',
    45,
    60,
    'ciglia',
    { groupId: 'estetica-ciglia' },
  ),
  svc(
    'estetica-extension-ciglia',
    'estetica',
    'Extension ciglia',
    'Applicazione ciglia one-to-one, effetto naturale.',
    70,
    120,
    'ciglia',
    {
      groupId: 'estetica-ciglia',
      priceStartingFrom: true,
    },
  ),
  svc(
    'estetica-laminazione-sopracciglia',
    'estetica',
    'Laminazione sopracciglia',
    'Sopracciglia pettinate e fissate, con tinta e definizione.',
    40,
    45,
    'sopracciglia',
  ),
  svc(
    'estetica-microblading',
    'estetica',
    'Microblading sopracciglia',
    'Trucco semipermanente pelo a pelo: consulenza gratuita e preventivo prima dell’appuntamento.',
    null,
    150,
    'sopracciglia',
    {
      isManualFlow: true,
    },
  ),
  // Estetica: aggiuntivi
  svc(
    'estetica-ceretta-sopracciglia',
    'estetica',
    'Ceretta sopracciglia',
    'Definizione della forma con cera e pinzetta.',
    8,
    15,
    'sopracciglia',
  ),
  svc(
    'estetica-ceretta-baffetto',
    'estetica',
    'Ceretta baffetto',
    'Cera delicata sul labbro superiore.',
    5,
    10,
    'ceretta',
  ),
  svc('estetica-ceretta-ascelle', 'estetica', 'Ceretta ascelle', 'Cera a bassa temperatura.', 8, 15, 'ceretta'),
  svc('estetica-ceretta-inguine', 'estetica', 'Ceretta inguine', 'Inguine classico o brasiliano.', 12, 15, 'ceretta'),
  svc(
    'estetica-rimozione-semipermanente',
    'estetica',
    'Rimozione semipermanente',
    'Rimozione delicata dello smalto semipermanente precedente.',
    8,
    15,
    'manicure',
    { groupId: 'estetica-rimozione' },
  ),
  svc(
    'estetica-rimozione-gel',
    'estetica',
    'Rimozione gel',
    'Rimozione della ricostruzione in gel precedente.',
    12,
    20,
    'manicure',
    { groupId: 'estetica-rimozione' },
  ),
  svc(
    'estetica-nail-art',
    'estetica',
    'Nail art',
    'Decorazioni a mano libera, glitter o stickers.',
    5,
    15,
    'nail-art',
    { priceStartingFrom: true },
  ),
  svc(
    'estetica-french',
    'estetica',
    'French',
    'Punta bianca o colorata su smalto o semipermanente.',
    5,
    10,
    'nail-art',
  ),
  svc(
    'estetica-olio-cuticole',
    'estetica',
    'Olio per cuticole',
    'Olio nutriente alla mandorla da 15 ml, da portare a casa.',
    12,
    0,
    'kit-prodotti',
    { excludeFromBooking: true },
  ),

  // Make up: principali
  svc(
    'makeup-trucco-giorno',
    'make-up',
    'Trucco giorno',
    'Base leggera, occhi naturali, labbra nude.',
    40,
    45,
    'trucco',
    { groupId: 'makeup-trucco' },
  ),
  svc('makeup-trucco-sera', 'make-up', 'Trucco sera', 'Trucco intenso per una cena o una festa.', 55, 60, 'trucco', {
    groupId: 'makeup-trucco',
  }),
  svc(
    'makeup-trucco-fotografico',
    'make-up',
    'Trucco fotografico',
    'Trucco studiato per foto e video, a prova di flash.',
    70,
    75,
    'trucco',
    {
      groupId: 'makeup-trucco',
      priceStartingFrom: true,
    },
  ),
  svc(
    'makeup-trucco-cerimonia',
    'make-up',
    'Trucco cerimonia',
    'Per invitate, testimoni e mamme degli sposi: lunga tenuta.',
    65,
    60,
    'trucco',
    { groupId: 'makeup-cerimonia' },
  ),
  svc(
    'makeup-trucco-sposa',
    'make-up',
    'Trucco sposa',
    'Prova e trucco il giorno del sì: ti richiamiamo per capire stile e orari.',
    180,
    120,
    'trucco-sposa',
    {
      groupId: 'makeup-cerimonia',
      priceStartingFrom: true,
      isManualFlow: true,
    },
  ),
  svc(
    'makeup-lezione',
    'make-up',
    'Lezione di auto-trucco',
    'Un’ora e mezza con la make-up artist per imparare il tuo trucco quotidiano.',
    70,
    90,
    'trucco',
  ),
  // Make up: aggiuntivi
  svc(
    'makeup-ciglia-ciuffetti',
    'make-up',
    'Ciglia finte a ciuffetti',
    'Ciuffetti applicati sull’attaccatura esterna.',
    10,
    15,
    'ciglia',
    { groupId: 'makeup-ciglia-finte' },
  ),
  svc(
    'makeup-ciglia-fascia',
    'make-up',
    'Ciglia finte a fascia',
    'Fascia intera, effetto più deciso.',
    15,
    10,
    'ciglia',
    { groupId: 'makeup-ciglia-finte' },
  ),
  svc(
    'makeup-sopracciglia',
    'make-up',
    'Correzione sopracciglia',
    'Pinzetta e definizione della forma prima del trucco.',
    10,
    15,
    'sopracciglia',
  ),
  svc(
    'makeup-kit-ritocco',
    'make-up',
    'Kit ritocco',
    'Rossetto e cipria usati nel tuo trucco, per i ritocchi.',
    15,
    0,
    'kit-prodotti',
    { excludeFromBooking: true },
  ),

  // Salotto (2+ persone): prezzi a persona, preventivo dopo la chiamata di consulenza
  salotto(
    'salotto-capelli-pieghe',
    'hair',
    'Pieghe per il gruppo',
    'Piega liscia o mossa per ogni partecipante.',
    30,
    45,
    'salotto',
  ),
  salotto(
    'salotto-capelli-taglio-piega',
    'hair',
    'Taglio e piega per il gruppo',
    'Taglio su misura e piega per ogni partecipante.',
    42,
    60,
    'salotto',
  ),
  salotto(
    'salotto-capelli-acconciature',
    'hair',
    'Acconciature per cerimonia',
    'Raccolti e semiraccolti per sposa, damigelle e invitate.',
    50,
    60,
    'raccolto',
  ),
  salotto(
    'salotto-estetica-manicure',
    'estetica',
    'Manicure di gruppo',
    'Manicure classica per ogni partecipante.',
    20,
    40,
    'manicure',
  ),
  salotto(
    'salotto-estetica-semipermanente',
    'estetica',
    'Manicure semipermanente di gruppo',
    'Semipermanente per ogni partecipante.',
    28,
    50,
    'manicure',
  ),
  salotto(
    'salotto-estetica-pedicure',
    'estetica',
    'Pedicure di gruppo',
    'Pedicure classica per ogni partecipante.',
    28,
    50,
    'pedicure',
  ),
  salotto(
    'salotto-makeup-evento',
    'make-up',
    'Trucco evento di gruppo',
    'Trucco per una festa, un addio al nubilato o un servizio fotografico.',
    40,
    45,
    'trucco',
  ),
  salotto(
    'salotto-makeup-sposa-damigelle',
    'make-up',
    'Trucco sposa e damigelle',
    'Trucco coordinato per la sposa e il suo gruppo.',
    60,
    60,
    'trucco-sposa',
  ),
  salotto(
    'salotto-makeup-lezione',
    'make-up',
    'Lezione di trucco di gruppo',
    'Una make-up artist insegna a tutte un trucco semplice da rifare.',
    45,
    90,
    'trucco',
  ),
];

// ---------------------------------------------------------------------------------------------
// Sections of the service step
// ---------------------------------------------------------------------------------------------

const section = (
  id: string,
  category: ApiCategory,
  role: SectionRole,
  title: string | null,
  itemType: ItemType,
  serviceIds: readonly string[],
  audience: 'default' | 'salotto' = 'default',
): CatalogueSection => ({ id, category, audience, role, title, itemType, serviceIds });

export const SECTIONS: readonly CatalogueSection[] = [
  section('capelli-piega', 'hair', 'main', 'Piega', 'radio', [
    'capelli-piega-liscia',
    'capelli-piega-mossa',
    'capelli-piega-onde',
  ]),
  section('capelli-taglio', 'hair', 'main', 'Taglio', 'radio', ['capelli-taglio-piega', 'capelli-spuntatina-piega']),
  section('capelli-colore', 'hair', 'main', 'Colore', 'radio', [
    'capelli-colore-piega',
    'capelli-ricrescita-piega',
    'capelli-colore-bio-piega',
  ]),
  section('capelli-schiariture', 'hair', 'main', 'Schiariture', 'radio', [
    'capelli-balayage-piega',
    'capelli-colpi-di-sole-piega',
    'capelli-correzione-colore',
  ]),
  section('capelli-acconciature', 'hair', 'main', 'Acconciature', 'radio', ['capelli-raccolto']),
  section('capelli-trattamenti', 'hair', 'secondary', 'Trattamenti', 'checkbox', [
    'capelli-maschera-idratante',
    'capelli-trattamento-cheratina',
    'capelli-gloss',
  ]),
  section('capelli-frangia', 'hair', 'secondary', 'Frangia', 'radio', [
    'capelli-taglio-frangia',
    'capelli-frangia-tendina',
  ]),
  section('capelli-prodotti', 'hair', 'secondary', 'Da portare a casa', 'checkbox', ['capelli-kit-cura']),

  section('estetica-mani', 'estetica', 'main', 'Mani', 'radio', [
    'estetica-manicure-classica',
    'estetica-manicure-semipermanente',
    'estetica-ricostruzione-gel',
  ]),
  section('estetica-piedi', 'estetica', 'main', 'Piedi', 'radio', [
    'estetica-pedicure-classica',
    'estetica-pedicure-semipermanente',
    'estetica-pedicure-spa',
  ]),
  section('estetica-viso-corpo', 'estetica', 'main', 'Viso e corpo', 'radio', [
    'estetica-pulizia-viso',
    'estetica-massaggio-decontratturante',
    'estetica-massaggio-linfodrenante',
    'estetica-massaggio-rilassante',
  ]),
  section('estetica-epilazione', 'estetica', 'main', 'Epilazione', 'radio', [
    'estetica-ceretta-total-body',
    'estetica-ceretta-gambe-inguine',
    'estetica-ceretta-mezza-gamba',
  ]),
  section('estetica-sguardo', 'estetica', 'main', 'Ciglia e sopracciglia', 'radio', [
    'estetica-laminazione-ciglia',
    'estetica-extension-ciglia',
    'estetica-laminazione-sopracciglia',
    'estetica-microblading',
  ]),
  section('estetica-piccole-cerette', 'estetica', 'secondary', 'Piccole cerette', 'checkbox', [
    'estetica-ceretta-sopracciglia',
    'estetica-ceretta-baffetto',
    'estetica-ceretta-ascelle',
    'estetica-ceretta-inguine',
  ]),
  section('estetica-rimozione', 'estetica', 'secondary', 'Hai già smalto o gel?', 'radio', [
    'estetica-rimozione-semipermanente',
    'estetica-rimozione-gel',
  ]),
  section('estetica-decorazioni', 'estetica', 'secondary', 'Decorazioni', 'checkbox', [
    'estetica-nail-art',
    'estetica-french',
  ]),
  section('estetica-prodotti', 'estetica', 'secondary', 'Da portare a casa', 'checkbox', ['estetica-olio-cuticole']),

  section('makeup-trucco', 'make-up', 'main', 'Trucco', 'radio', [
    'makeup-trucco-giorno',
    'makeup-trucco-sera',
    'makeup-trucco-fotografico',
  ]),
  section('makeup-cerimonie', 'make-up', 'main', 'Cerimonie', 'radio', [
    'makeup-trucco-cerimonia',
    'makeup-trucco-sposa',
  ]),
  section('makeup-lezioni', 'make-up', 'main', 'Impara a truccarti', 'radio', ['makeup-lezione']),
  section('makeup-ciglia', 'make-up', 'secondary', 'Ciglia finte', 'radio', [
    'makeup-ciglia-ciuffetti',
    'makeup-ciglia-fascia',
  ]),
  section('makeup-extra', 'make-up', 'secondary', 'Extra', 'checkbox', ['makeup-sopracciglia', 'makeup-kit-ritocco']),

  section(
    'salotto-capelli',
    'hair',
    'secondary',
    'Capelli',
    'checkbox',
    ['salotto-capelli-pieghe', 'salotto-capelli-taglio-piega', 'salotto-capelli-acconciature'],
    'salotto',
  ),
  section(
    'salotto-estetica',
    'estetica',
    'secondary',
    'Estetica',
    'checkbox',
    ['salotto-estetica-manicure', 'salotto-estetica-semipermanente', 'salotto-estetica-pedicure'],
    'salotto',
  ),
  section(
    'salotto-makeup',
    'make-up',
    'secondary',
    'Make up',
    'checkbox',
    ['salotto-makeup-evento', 'salotto-makeup-sposa-damigelle', 'salotto-makeup-lezione'],
    'salotto',
  ),
];
