/**
 * A small hand-made gazetteer of real Italian streets for the embedded geocoder (used when the
 * browser has no Google Maps key). Coordinates are approximate (≈ 50–150 m): each street carries
 * anchors `[houseNumber, lat, lng]` from its first numbers to its last, and a house number is placed
 * by linear interpolation between the two anchors around it. Postal codes (CAP) are the street's
 * main one; `postalCodes` switches the CAP from a house number on where a street crosses zones.
 *
 * Torino, Milano and Roma are served zones; Palermo and Bari are outside them on purpose.
 */

export type Anchor = readonly [houseNumber: number, lat: number, lng: number];

export interface GazetteerStreet {
  /** 'Via', 'Corso', 'Piazza', 'Viale', 'Largo', 'Lungomare', 'Piazzale'. */
  type: string;
  /** The name after the type: 'Roma', 'Vittorio Emanuele II'. */
  name: string;
  postalCode: string;
  anchors: readonly Anchor[];
  /** Other names people type: 'Via Veneto' for 'Via Vittorio Veneto'. */
  aliases?: readonly string[];
  /** CAP changes along the street: `[fromHouseNumber, cap]`, ascending. */
  postalCodes?: ReadonlyArray<readonly [number, string]>;
}

export interface GazetteerCity {
  slug: string;
  name: string;
  province: string;
  provinceCode: string;
  region: string;
  streets: readonly GazetteerStreet[];
}

const st = (
  type: string,
  name: string,
  postalCode: string,
  anchors: readonly Anchor[],
  extra: Pick<GazetteerStreet, 'aliases' | 'postalCodes'> = {},
): GazetteerStreet => ({ type, name, postalCode, anchors, ...extra });

// prettier-ignore
export const GAZETTEER: readonly GazetteerCity[] = [
  {
    slug: 'torino', name: 'Torino', province: 'Torino', provinceCode: 'TO', region: 'Piemonte',
    streets: [
      st('Via', 'Roma', '10123', [[1, 45.0703, 7.6855], [180, 45.0672, 7.6829], [360, 45.064, 7.6803]], { postalCodes: [[1, '10123'], [230, '10121']] }),
      st('Via', 'Po', '10124', [[1, 45.0709, 7.6874], [57, 45.0653, 7.6929]]),
      st('Via', 'Garibaldi', '10122', [[1, 45.0716, 7.6843], [59, 45.0757, 7.6692]]),
      st('Corso', 'Vittorio Emanuele II', '10123', [[1, 45.0588, 7.6885], [60, 45.0623, 7.6796], [130, 45.0665, 7.6695], [250, 45.0692, 7.6545]], { postalCodes: [[1, '10125'], [60, '10123'], [90, '10121'], [140, '10138']] }),
      st('Via', 'Lagrange', '10123', [[1, 45.0676, 7.6844], [47, 45.0641, 7.6815]]),
      st('Via', 'Pietro Micca', '10121', [[1, 45.0713, 7.6838], [22, 45.0695, 7.6784]]),
      st('Via', 'Santa Teresa', '10121', [[1, 45.0685, 7.6832], [27, 45.0691, 7.6772]]),
      st('Corso', 'Francia', '10138', [[1, 45.0761, 7.6676], [150, 45.0768, 7.6405], [400, 45.0782, 7.6105]], { postalCodes: [[1, '10138'], [200, '10143']] }),
      st('Corso', 'Regina Margherita', '10124', [[1, 45.0772, 7.6952], [150, 45.0785, 7.6705], [300, 45.0801, 7.6402]], { postalCodes: [[1, '10124'], [120, '10152'], [200, '10144']] }),
      st('Corso', 'Vinzaglio', '10121', [[1, 45.0745, 7.6703], [39, 45.0663, 7.6692]]),
      st('Via', 'Nizza', '10125', [[1, 45.0614, 7.6794], [150, 45.0465, 7.6706], [400, 45.0318, 7.6622]], { postalCodes: [[1, '10125'], [150, '10126']] }),
      st('Corso', 'Unione Sovietica', '10134', [[1, 45.0545, 7.6652], [300, 45.0322, 7.6418], [600, 45.0102, 7.6198]], { postalCodes: [[1, '10134'], [300, '10135']] }),
      st('Via', 'Madama Cristina', '10125', [[1, 45.0585, 7.6833], [150, 45.0462, 7.6762]], { postalCodes: [[1, '10125'], [90, '10126']] }),
      st('Corso', 'Massimo d’Azeglio', '10125', [[1, 45.0584, 7.6871], [120, 45.0441, 7.6819]], { aliases: ['Massimo dAzeglio', 'Massimo Dazeglio'] }),
      st('Via', 'Cernaia', '10121', [[1, 45.0707, 7.6772], [40, 45.0728, 7.6678]], { postalCodes: [[1, '10121'], [30, '10122']] }),
      st('Corso', 'Re Umberto', '10121', [[1, 45.0648, 7.6762], [130, 45.0462, 7.6662]], { postalCodes: [[1, '10121'], [60, '10128']] }),
      st('Via', 'Sacchi', '10128', [[1, 45.0611, 7.6771], [70, 45.0522, 7.6718]]),
      st('Corso', 'Giulio Cesare', '10152', [[1, 45.0781, 7.6851], [150, 45.0935, 7.6925], [400, 45.1098, 7.7002]], { postalCodes: [[1, '10152'], [150, '10154'], [300, '10155']] }),
      st('Via', 'Carlo Alberto', '10123', [[1, 45.0683, 7.6862], [55, 45.0631, 7.6832]]),
      st('Corso', 'Casale', '10131', [[1, 45.0643, 7.6993], [200, 45.0745, 7.7118], [400, 45.0852, 7.7201]], { postalCodes: [[1, '10131'], [250, '10132']] }),
      st('Via', 'Accademia Albertina', '10123', [[1, 45.0688, 7.6888], [45, 45.0622, 7.6852]]),
      st('Via', 'XX Settembre', '10121', [[1, 45.0728, 7.6831], [80, 45.0631, 7.6782]], { aliases: ['Venti Settembre', '20 Settembre'] }),
      st('Corso', 'Peschiera', '10139', [[1, 45.0662, 7.6602], [200, 45.0656, 7.6362], [380, 45.0651, 7.6172]], { postalCodes: [[1, '10139'], [200, '10141']] }),
      st('Corso', 'Sebastopoli', '10134', [[1, 45.0452, 7.6552], [300, 45.0468, 7.6182]], { postalCodes: [[1, '10134'], [150, '10136']] }),
      st('Via', 'Cibrario', '10143', [[1, 45.0772, 7.6681], [100, 45.0791, 7.6442]], { postalCodes: [[1, '10143'], [60, '10144']] }),
      st('Corso', 'Orbassano', '10136', [[1, 45.0512, 7.6532], [200, 45.0382, 7.6392], [400, 45.0251, 7.6252]], { postalCodes: [[1, '10136'], [200, '10137']] }),
      st('Via', 'Monginevro', '10141', [[1, 45.0642, 7.6562], [250, 45.0621, 7.6152]], { postalCodes: [[1, '10141'], [180, '10138']] }),
      st('Corso', 'Duca degli Abruzzi', '10129', [[1, 45.0652, 7.6642], [100, 45.0481, 7.6582]]),
      st('Piazza', 'San Carlo', '10123', [[1, 45.0679, 7.6822], [220, 45.0674, 7.6829]]),
      st('Piazza', 'Castello', '10122', [[1, 45.0718, 7.6853], [170, 45.0705, 7.6867]], { postalCodes: [[1, '10122'], [100, '10123']] }),
      st('Piazza', 'Vittorio Veneto', '10124', [[1, 45.0653, 7.6925], [25, 45.0647, 7.6945]]),
      st('Via', 'San Secondo', '10128', [[1, 45.0622, 7.6752], [100, 45.0552, 7.6702]]),
    ],
  },
  {
    slug: 'milano', name: 'Milano', province: 'Milano', provinceCode: 'MI', region: 'Lombardia',
    streets: [
      st('Corso', 'Buenos Aires', '20124', [[1, 45.4743, 9.2052], [50, 45.4801, 9.2105], [92, 45.4853, 9.2158]]),
      st('Via', 'Torino', '20123', [[1, 45.4636, 9.1885], [68, 45.4592, 9.1812]]),
      st('Corso', 'Vittorio Emanuele II', '20122', [[1, 45.4648, 9.1915], [40, 45.4662, 9.1972]]),
      st('Via', 'Monte Napoleone', '20121', [[1, 45.4679, 9.1968], [30, 45.4696, 9.1927]], { aliases: ['Montenapoleone'] }),
      st('Corso', 'Como', '20154', [[1, 45.4819, 9.1866], [15, 45.4855, 9.1879]]),
      st('Via', 'Dante', '20121', [[1, 45.4652, 9.1861], [18, 45.4685, 9.1821]]),
      st('Corso', 'Magenta', '20123', [[1, 45.4656, 9.1822], [100, 45.4662, 9.1701]]),
      st('Via', 'Alessandro Manzoni', '20121', [[1, 45.4675, 9.1906], [45, 45.4731, 9.1956]], { aliases: ['Manzoni'] }),
      st('Corso', 'Venezia', '20121', [[1, 45.4667, 9.1978], [65, 45.4738, 9.2043]]),
      st('Via', 'Paolo Sarpi', '20154', [[1, 45.4798, 9.1762], [60, 45.4836, 9.1719]]),
      st('Corso', 'di Porta Ticinese', '20123', [[1, 45.4601, 9.1821], [110, 45.4521, 9.1811]], { aliases: ['Porta Ticinese', 'Ticinese'] }),
      st('Viale', 'Monza', '20125', [[1, 45.4871, 9.2171], [150, 45.5008, 9.2242], [350, 45.5151, 9.2302]], { postalCodes: [[1, '20125'], [150, '20127']] }),
      st('Corso', 'Sempione', '20154', [[1, 45.4761, 9.1726], [80, 45.4825, 9.1637], [200, 45.4892, 9.1552]], { postalCodes: [[1, '20154'], [100, '20145']] }),
      st('Via', 'Padova', '20127', [[1, 45.4882, 9.2182], [150, 45.4962, 9.2312], [350, 45.5051, 9.2452]], { postalCodes: [[1, '20127'], [200, '20131']] }),
      st('Corso', 'Garibaldi', '20121', [[1, 45.4714, 9.1841], [130, 45.4801, 9.1859]]),
      st('Via', 'Washington', '20146', [[1, 45.4661, 9.1576], [110, 45.4561, 9.1591]]),
      st('Viale', 'Papiniano', '20123', [[1, 45.4583, 9.1718], [60, 45.4543, 9.1663]]),
      st('Corso', 'XXII Marzo', '20129', [[1, 45.4632, 9.2102], [70, 45.4628, 9.2252]], { aliases: ['22 Marzo', 'Ventidue Marzo'], postalCodes: [[1, '20129'], [40, '20135']] }),
      st('Via', 'Vittor Pisani', '20124', [[1, 45.4792, 9.2011], [30, 45.4838, 9.2029]]),
      st('Viale', 'Certosa', '20155', [[1, 45.4902, 9.1502], [150, 45.4978, 9.1422], [300, 45.5051, 9.1352]], { postalCodes: [[1, '20155'], [200, '20156']] }),
      st('Corso', 'Lodi', '20135', [[1, 45.4522, 9.2032], [130, 45.4402, 9.2162]], { postalCodes: [[1, '20135'], [80, '20139']] }),
      st('Corso', 'di Porta Romana', '20122', [[1, 45.4601, 9.1931], [130, 45.4522, 9.2031]], { aliases: ['Porta Romana'] }),
      st('Viale', 'Abruzzi', '20131', [[1, 45.4722, 9.2142], [100, 45.4851, 9.2171]]),
      st('Via', 'Solferino', '20121', [[1, 45.4721, 9.1871], [50, 45.4801, 9.1881]]),
      st('Via', 'Brera', '20121', [[1, 45.4701, 9.1881], [30, 45.4731, 9.1874]]),
      st('Via', 'Lorenteggio', '20146', [[1, 45.4562, 9.1522], [150, 45.4531, 9.1322], [280, 45.4501, 9.1152]], { postalCodes: [[1, '20146'], [150, '20147']] }),
      st('Corso', 'Italia', '20122', [[1, 45.4592, 9.1902], [60, 45.4532, 9.1872]]),
      st('Via', 'Giuseppe Ripamonti', '20136', [[1, 45.4502, 9.1972], [250, 45.4352, 9.1982], [500, 45.4202, 9.2002]], { aliases: ['Ripamonti'], postalCodes: [[1, '20136'], [250, '20141']] }),
      st('Piazza', 'del Duomo', '20122', [[1, 45.4645, 9.1893], [21, 45.4639, 9.1907]], { aliases: ['Duomo'] }),
      st('Piazza', 'Gae Aulenti', '20154', [[1, 45.4839, 9.1895], [12, 45.4842, 9.1905]]),
      st('Via', 'Savona', '20144', [[1, 45.4562, 9.1652], [120, 45.4532, 9.1532]]),
      st('Viale', 'Col di Lana', '20136', [[1, 45.4518, 9.1842], [20, 45.4522, 9.1788]]),
    ],
  },
  {
    slug: 'roma', name: 'Roma', province: 'Roma', provinceCode: 'RM', region: 'Lazio',
    streets: [
      st('Via', 'del Corso', '00186', [[1, 41.9103, 12.4771], [260, 41.9032, 12.4797], [530, 41.8966, 12.4821]], { aliases: ['Corso'] }),
      st('Via', 'Nazionale', '00184', [[1, 41.9022, 12.4952], [250, 41.8976, 12.4862]]),
      st('Via', 'Vittorio Veneto', '00187', [[1, 41.9042, 12.4891], [190, 41.9094, 12.4922]], { aliases: ['Veneto'] }),
      st('Via', 'Appia Nuova', '00183', [[1, 41.8841, 12.5081], [300, 41.8702, 12.5252], [800, 41.8501, 12.5502]], { postalCodes: [[1, '00183'], [200, '00181'], [600, '00179']] }),
      st('Via', 'Tuscolana', '00182', [[1, 41.8831, 12.5142], [400, 41.8682, 12.5372], [1000, 41.8502, 12.5622]], { postalCodes: [[1, '00182'], [300, '00181'], [700, '00174']] }),
      st('Via', 'Cola di Rienzo', '00192', [[1, 41.9072, 12.4752], [300, 41.9068, 12.4598]]),
      st('Viale', 'di Trastevere', '00153', [[1, 41.8892, 12.4742], [300, 41.8751, 12.4662]], { aliases: ['Trastevere'] }),
      st('Via', 'dei Condotti', '00187', [[1, 41.9056, 12.4818], [90, 41.9049, 12.4795]], { aliases: ['Condotti'] }),
      st('Via', 'Cavour', '00184', [[1, 41.9008, 12.4998], [320, 41.8932, 12.4892]]),
      st('Via', 'Merulana', '00185', [[1, 41.8968, 12.4991], [290, 41.8871, 12.5059]]),
      st('Via', 'Nomentana', '00161', [[1, 41.9101, 12.5012], [300, 41.9212, 12.5152], [700, 41.9352, 12.5302]], { postalCodes: [[1, '00161'], [300, '00162'], [600, '00141']] }),
      st('Via', 'Salaria', '00198', [[1, 41.9114, 12.4976], [300, 41.9232, 12.5012], [600, 41.9352, 12.5052]], { postalCodes: [[1, '00198'], [400, '00199']] }),
      st('Viale', 'Guglielmo Marconi', '00146', [[1, 41.8621, 12.4682], [400, 41.8522, 12.4732]], { aliases: ['Marconi'] }),
      st('Via', 'Ostiense', '00154', [[1, 41.8761, 12.4811], [200, 41.8652, 12.4772], [400, 41.8551, 12.4722]]),
      st('Via', 'Prenestina', '00176', [[1, 41.8912, 12.5162], [400, 41.8932, 12.5382], [800, 41.8952, 12.5602]], { postalCodes: [[1, '00176'], [400, '00177']] }),
      st('Via', 'Casilina', '00176', [[1, 41.8891, 12.5172], [500, 41.8822, 12.5432], [1000, 41.8752, 12.5702]], { postalCodes: [[1, '00176'], [300, '00177'], [700, '00171']] }),
      st('Viale', 'Regina Margherita', '00198', [[1, 41.9212, 12.4922], [150, 41.9122, 12.5022], [300, 41.9042, 12.5132]], { postalCodes: [[1, '00198'], [150, '00161']] }),
      st('Via', 'Flaminia', '00196', [[1, 41.9112, 12.4762], [300, 41.9232, 12.4712], [600, 41.9342, 12.4672]], { postalCodes: [[1, '00196'], [400, '00191']] }),
      st('Via', 'Aurelia', '00165', [[1, 41.8992, 12.4532], [400, 41.8972, 12.4312], [900, 41.8952, 12.4102]], { postalCodes: [[1, '00165'], [400, '00167']] }),
      st('Via', 'Gregorio VII', '00165', [[1, 41.8992, 12.4562], [400, 41.8892, 12.4412]]),
      st('Via', 'dei Fori Imperiali', '00186', [[1, 41.8953, 12.4848], [10, 41.8912, 12.4908]], { aliases: ['Fori Imperiali'] }),
      st('Via', 'Labicana', '00184', [[1, 41.8902, 12.4942], [150, 41.8882, 12.5052]]),
      st('Via', 'Ottaviano', '00192', [[1, 41.9072, 12.4592], [100, 41.9028, 12.4591]]),
      st('Via', 'Tiburtina', '00185', [[1, 41.9022, 12.5142], [400, 41.9072, 12.5272], [800, 41.9122, 12.5402]], { postalCodes: [[1, '00185'], [200, '00159']] }),
      st('Via', 'Appia Antica', '00179', [[1, 41.8722, 12.5022], [200, 41.8552, 12.5152]]),
      st('Viale', 'Libia', '00199', [[1, 41.9272, 12.5232], [250, 41.9332, 12.5302]]),
      st('Via', 'Frattina', '00187', [[1, 41.9045, 12.4812], [150, 41.9041, 12.4796]]),
      st('Via', 'Cristoforo Colombo', '00147', [[1, 41.8702, 12.4902], [500, 41.8502, 12.4802], [1000, 41.8302, 12.4702]], { aliases: ['Colombo'], postalCodes: [[1, '00147'], [500, '00144']] }),
      st('Piazza', 'Navona', '00186', [[1, 41.9004, 12.4732], [100, 41.8982, 12.4731]]),
      st('Piazza', 'di Spagna', '00187', [[1, 41.9055, 12.4818], [90, 41.906, 12.4828]], { aliases: ['Spagna'] }),
      st('Viale', 'Europa', '00144', [[1, 41.8332, 12.4702], [300, 41.8342, 12.4612]]),
    ],
  },
  {
    slug: 'palermo', name: 'Palermo', province: 'Palermo', provinceCode: 'PA', region: 'Sicilia',
    streets: [
      st('Via', 'Maqueda', '90133', [[1, 38.1098, 13.3638], [200, 38.1152, 13.3612], [450, 38.1201, 13.3572]], { postalCodes: [[1, '90133'], [250, '90134']] }),
      st('Corso', 'Vittorio Emanuele', '90133', [[1, 38.1189, 13.3718], [250, 38.1149, 13.3622], [500, 38.1112, 13.3532]], { aliases: ['Cassaro'], postalCodes: [[1, '90133'], [300, '90134']] }),
      st('Via', 'Roma', '90133', [[1, 38.1102, 13.3652], [250, 38.1202, 13.3612], [500, 38.1301, 13.3542]], { postalCodes: [[1, '90133'], [300, '90139']] }),
      st('Via', 'della Libertà', '90139', [[1, 38.1251, 13.3532], [100, 38.1321, 13.3488], [200, 38.1381, 13.3452]], { aliases: ['Liberta'], postalCodes: [[1, '90139'], [60, '90143']] }),
      st('Via', 'Ruggero Settimo', '90139', [[1, 38.1212, 13.3562], [80, 38.1251, 13.3532]]),
      st('Corso', 'Calatafimi', '90129', [[1, 38.1101, 13.3502], [400, 38.1022, 13.3352], [900, 38.0952, 13.3202]]),
      st('Via', 'Emanuele Notarbartolo', '90141', [[1, 38.1292, 13.3502], [60, 38.1302, 13.3392]], { aliases: ['Notarbartolo'], postalCodes: [[1, '90141'], [40, '90145']] }),
      st('Viale', 'Strasburgo', '90146', [[1, 38.1482, 13.3482], [400, 38.1501, 13.3302]]),
      st('Corso', 'Tukory', '90134', [[1, 38.1082, 13.3552], [250, 38.1101, 13.3652]]),
    ],
  },
  {
    slug: 'bari', name: 'Bari', province: 'Bari', provinceCode: 'BA', region: 'Puglia',
    streets: [
      st('Via', 'Sparano da Bari', '70121', [[1, 41.1188, 16.8706], [150, 41.1254, 16.8681]], { aliases: ['Sparano'], postalCodes: [[1, '70121'], [100, '70122']] }),
      st('Corso', 'Cavour', '70121', [[1, 41.1172, 16.8762], [130, 41.1268, 16.8722]], { postalCodes: [[1, '70121'], [100, '70122']] }),
      st('Via', 'Argiro', '70121', [[1, 41.1191, 16.8726], [150, 41.1255, 16.8701]], { postalCodes: [[1, '70121'], [100, '70122']] }),
      st('Corso', 'Vittorio Emanuele II', '70122', [[1, 41.1271, 16.8642], [200, 41.1256, 16.8722]]),
      st('Lungomare', 'Nazario Sauro', '70121', [[1, 41.1238, 16.8782], [70, 41.1142, 16.8902]]),
      st('Via', 'Giuseppe Capruzzi', '70124', [[1, 41.1151, 16.8602], [300, 41.1121, 16.8802]], { aliases: ['Capruzzi'] }),
      st('Corso', 'Italia', '70123', [[1, 41.1182, 16.8652], [150, 41.1238, 16.8598]]),
      st('Via', 'Principe Amedeo', '70121', [[1, 41.1221, 16.8622], [300, 41.1181, 16.8782]], { postalCodes: [[1, '70122'], [100, '70121']] }),
      st('Viale', 'della Repubblica', '70125', [[1, 41.1132, 16.8802], [150, 41.1002, 16.8702]], { aliases: ['Repubblica'] }),
      st('Via', 'Calefati', '70121', [[1, 41.1201, 16.8692], [200, 41.1266, 16.8661]], { postalCodes: [[1, '70121'], [120, '70122']] }),
    ],
  },
];
