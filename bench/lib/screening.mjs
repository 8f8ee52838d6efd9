// Sanctions screening benchmark (issue 17): one applicant screened against ≥ 50,000
// generated list entities. Seeded: the same entities and queries on every run.
// Exported for bench/verification.mjs; needs `npm run build:server` first.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const ENTITIES = 50_000;
const VARIANT_QUERIES_PER_KIND = 400;
const NON_LISTED_QUERIES = 2_000;
export const VARIANT_KINDS = ['transliteration', 'swapped-order', 'missing-middle-name', 'typo', 'alias'];

/** mulberry32: a small seeded generator, so every run draws the same data. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CULTURES = {
  slavic: {
    countries: ['RU', 'BY', 'UA', 'RS', 'BG'],
    first:
      'Aleksandr Sergei Dmitri Andrei Alexei Vladimir Nikolai Ivan Mikhail Yuri Oleg Pavel Boris Viktor Igor Maxim Roman Anatoly Gennady Konstantin Olga Tatiana Elena Natalia Irina Svetlana Marina Anna Yulia Ekaterina Ludmila Vera Galina Oksana Daria Kirill Stanislav Vadim Yevgeny Grigory'.split(
        ' ',
      ),
    last: 'Ivanov Petrov Sidorov Smirnov Kuznetsov Popov Volkov Sokolov Lebedev Kozlov Novikov Morozov Pavlov Semenov Golubev Vinogradov Bogdanov Vorobyov Fedorov Mikhailov Belyaev Tarasov Belov Komarov Orlov Kiselev Makarov Andreev Kovalenko Shevchenko Bondarenko Tkachenko Kravchenko Melnyk Lysenko Zakharov Frolov Gusev Titov Kuzmin'.split(
      ' ',
    ),
    syllables: ['ko', 'va', 'len', 'rov', 'ski', 'mir', 'dan', 'ni', 'tse', 'go', 'lu', 'bev', 'zin', 'rin', 'shin', 'tov'],
    endings: ['ov', 'ev', 'in', 'enko', 'sky', 'uk'],
    middle: (first) => `${first.replace(/[aeiouy]$/, '')}ovich`,
  },
  arabic: {
    countries: ['SY', 'IQ', 'YE', 'LY', 'SA', 'LB', 'EG', 'SD'],
    first:
      'Mohammed Ahmed Ali Hassan Hussein Omar Khalid Abdullah Ibrahim Yusuf Mustafa Tariq Faisal Hamza Karim Nasser Salim Walid Jamal Samir Fatima Aisha Mariam Layla Zainab Noor Huda Amina Salma Rania Abdel Bilal Majid Rashid Said Zaid Anwar Kamal Nabil Hadi'.split(
        ' ',
      ),
    last: 'Al-Rashid Haddad Khalil Mansour Nasser Saleh Hamdan Farouk Qasim Darwish Abbas Yassin Aziz Jaber Suleiman Othman Shami Masri Tamimi Zahrani Ghamdi Qahtani Harbi Dosari Mutairi Anzi Shammari Hashemi Baghdadi Tikriti Jubouri Obeidi Dulaimi Rawi Zubaidi Hakim Sabbagh Attar Najjar'.split(
      ' ',
    ),
    syllables: ['al', 'ha', 'ma', 'ra', 'sha', 'ka', 'di', 'mi', 'ja', 'zi', 'nu', 'bi', 'ta', 'qa'],
    endings: ['i', 'an', 'awi', 'ani', 'oun'],
    middle: (first) => `bin ${first}`,
  },
  western: {
    countries: ['US', 'GB', 'DE', 'FR', 'NL', 'CA', 'AU'],
    first:
      'John James Robert Michael William David Richard Joseph Thomas Charles Christopher Daniel Matthew Anthony Mark Paul Steven Andrew Kenneth George Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Peter Hans Klaus Pierre Jean Louis Francois Henrik Lars Jan'.split(
        ' ',
      ),
    last: 'Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Martin Jackson Thompson White Harris Clark Lewis Walker Hall Young King Wright Scott Green Baker Adams Nelson Carter Mueller Schmidt Schneider Fischer Weber Meyer Wagner Dubois Lefebvre Moreau'.split(
      ' ',
    ),
    syllables: ['ber', 'ton', 'ley', 'wood', 'man', 'son', 'ham', 'ker', 'hart', 'field', 'stein', 'berg', 'ford', 'well'],
    endings: ['son', 'man', 'er', 'ton', 'ley'],
    middle: () => null,
  },
  hispanic: {
    countries: ['VE', 'CO', 'MX', 'CU', 'NI', 'ES', 'AR'],
    first:
      'Jose Luis Carlos Juan Jorge Pedro Miguel Alejandro Fernando Ricardo Eduardo Roberto Manuel Rafael Diego Pablo Sergio Andres Javier Raul Maria Carmen Ana Isabel Lucia Rosa Teresa Elena Patricia Gabriela Hugo Nicolas Ramon Alberto Enrique Oscar Victor Cesar Mario Adriana'.split(
        ' ',
      ),
    last: 'Garcia Rodriguez Martinez Hernandez Lopez Gonzalez Perez Sanchez Ramirez Torres Flores Rivera Gomez Diaz Reyes Morales Cruz Ortiz Gutierrez Chavez Ramos Castillo Jimenez Vargas Romero Herrera Medina Aguilar Castro Mendoza Ruiz Alvarez Moreno Vasquez Rojas Cabello Maduro Ortega Salazar Navarro'.split(
      ' ',
    ),
    syllables: ['ro', 'dri', 'gue', 'mar', 'tin', 'ca', 'bel', 'lo', 'sal', 'za', 'nar', 'ver', 'que', 'vi'],
    endings: ['ez', 'es', 'ero', 'ano', 'illa'],
    middle: () => null,
  },
  persian: {
    countries: ['IR', 'AF', 'TJ', 'AZ', 'TR'],
    first:
      'Reza Mahmoud Hossein Mehdi Amir Javad Saeed Hamid Ali-Akbar Majid Behrouz Dariush Farhad Kaveh Parviz Ramin Shahram Siamak Babak Kourosh Maryam Zahra Parisa Shirin Leila Nasrin Fereshteh Azadeh Roya Golnar Mehmet Ahmet Mustafa Emre Burak Yusuf Kemal Orhan Serkan Cem'.split(
        ' ',
      ),
    last: 'Ahmadi Hosseini Mohammadi Rezaei Moradi Karimi Rahimi Jafari Hashemi Ghorbani Sadeghi Mousavi Tehrani Esfahani Shirazi Tabrizi Kazemi Najafi Bagheri Soltani Yilmaz Kaya Demir Sahin Celik Yildiz Ozturk Aydin Arslan Dogan Kilic Aslan Cetin Kara Koc Kurt Ozdemir Erdem Polat Aksoy'.split(
      ' ',
    ),
    syllables: ['za', 'de', 'far', 'ha', 'ni', 'bah', 'ram', 'mi', 'sha', 'pour', 'kha', 'ne', 'ji', 'ro'],
    endings: ['i', 'zadeh', 'pour', 'far', 'oglu'],
    middle: () => null,
  },
  eastAsian: {
    countries: ['KP', 'CN', 'MM', 'VN', 'KR'],
    first:
      'Kim Jong Chol Song Il Myong Hyok Yong Ho Sun Chun Kwang Min Hui Jin Wei Ming Hong Jian Hua Li Tao Xiao Lin Feng Thein Aung Win Kyaw Zaw Thanh Minh Van Duc Hung Quang Nam Tuan'.split(
        ' ',
      ),
    last: 'Kim Ri Pak Choe Jong Kang Cho Yun Jang Han Wang Zhang Liu Chen Yang Zhao Huang Zhou Wu Xu Sun Ma Zhu Hu Guo He Lin Luo Nguyen Tran Le Pham Hoang Phan Vu Dang Bui Do Ngo'.split(
      ' ',
    ),
    syllables: ['song', 'hyon', 'chang', 'ming', 'qiao', 'thu', 'kyaw', 'yong', 'hui', 'jun'],
    endings: [''],
    middle: () => null,
  },
};
const CULTURE_NAMES = Object.keys(CULTURES);
const ORGANIZATION_WORDS =
  'Global Trading Shipping Industrial Petroleum Holdings Energy Maritime Investment Logistics Technologies Resources Mining Metals Defence Aviation Commercial Import Export General Development Construction Engineering Finance Capital Star Crescent Eagle Ocean Golden Northern Eastern Pacific Atlantic Continental United National Royal Alliance Dragon Phoenix Falcon Cedar Amber Baltic Caspian Red Sea Desert Mountain River Silk Road'.split(
    ' ',
  );
const ORGANIZATION_SUFFIXES = ['LLC', 'Ltd', 'JSC', 'Company', 'Co.', 'Group', 'Corporation', 'FZE', 'GmbH', 'SA'];

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function generatedSurname(rand, culture) {
  const parts = 1 + Math.floor(rand() * 2);
  let name = '';
  for (let i = 0; i < parts; i++) name += pick(rand, culture.syllables);
  return capitalise(name + pick(rand, culture.endings));
}

function personName(rand) {
  const cultureName = pick(rand, CULTURE_NAMES);
  const culture = CULTURES[cultureName];
  const first = pick(rand, culture.first);
  const middle = rand() < 0.5 ? (culture.middle(pick(rand, culture.first)) ?? pick(rand, culture.first)) : null;
  const last = rand() < 0.5 ? pick(rand, culture.last) : generatedSurname(rand, culture);
  return { cultureName, culture, tokens: [first, ...(middle ? middle.split(' ') : []), last], first, last };
}

function isoDate(rand) {
  const year = 1940 + Math.floor(rand() * 60);
  const month = 1 + Math.floor(rand() * 12);
  const day = 1 + Math.floor(rand() * 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Spellings transliteration systems disagree on, as lists write aliases. */
const SPELLINGS = [
  [/ohammed/, 'uhammad'],
  [/ks/, 'x'],
  [/x/, 'ks'],
  [/ei$/, 'ey'],
  [/y$/, 'i'],
  [/ou/, 'u'],
  [/f/, 'ph'],
  [/v/, 'w'],
  [/ij/, 'y'],
  [/ie/, 'ye'],
  [/kh/, 'h'],
  [/sh/, 'sch'],
];
function spellingVariant(rand, name) {
  for (let tries = 0; tries < 6; tries++) {
    const [pattern, replacement] = pick(rand, SPELLINGS);
    if (pattern.test(name)) return name.replace(pattern, replacement);
  }
  return null;
}

function generateEntities(rand, count) {
  const entities = [];
  for (let i = 0; i < count; i++) {
    if (rand() < 0.2) {
      const words = [pick(rand, ORGANIZATION_WORDS), pick(rand, ORGANIZATION_WORDS)];
      if (rand() < 0.5) words.push(pick(rand, ORGANIZATION_WORDS));
      const name = `${words.join(' ')} ${pick(rand, ORGANIZATION_SUFFIXES)}`;
      entities.push({
        externalId: String(i),
        kind: 'entity',
        name,
        aliases: rand() < 0.3 ? [words.join(' ')] : [],
        datesOfBirth: [],
        nationalities: [pick(rand, CULTURES[pick(rand, CULTURE_NAMES)].countries)],
        tokens: null,
      });
      continue;
    }
    const person = personName(rand);
    const aliases = [];
    const aliasCount = rand() < 0.5 ? 0 : 1 + Math.floor(rand() * 2);
    for (let a = 0; a < aliasCount; a++) {
      const r = rand();
      if (r < 0.5) {
        const variant = spellingVariant(rand, person.tokens.join(' '));
        if (variant) aliases.push(variant);
      } else if (r < 0.8) {
        aliases.push(`${person.first} ${generatedSurname(rand, person.culture)}`);
      } else {
        aliases.push(`${pick(rand, ['Abu', 'Haji', 'Sheikh', 'Don', 'Big'])} ${person.last}`);
      }
    }
    const dob = rand();
    const date = isoDate(rand);
    entities.push({
      externalId: String(i),
      kind: 'person',
      name: person.tokens.join(' '),
      aliases: [...new Set(aliases)],
      datesOfBirth: dob < 0.7 ? [date] : dob < 0.9 ? [date.slice(0, 4)] : [],
      nationalities: rand() < 0.8 ? [pick(rand, person.culture.countries)] : [],
      tokens: person.tokens,
    });
  }
  return entities;
}

const CYRILLIC = [
  ['shch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['yo', 'ё'],
  ['a', 'а'],
  ['b', 'б'],
  ['v', 'в'],
  ['g', 'г'],
  ['d', 'д'],
  ['e', 'е'],
  ['z', 'з'],
  ['i', 'и'],
  ['y', 'й'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['f', 'ф'],
  ['h', 'х'],
  ['c', 'к'],
  ['x', 'кс'],
  ['w', 'в'],
  ['q', 'к'],
  ['j', 'дж'],
];
const GREEK = [
  ['th', 'θ'],
  ['ch', 'χ'],
  ['ps', 'ψ'],
  ['ou', 'ου'],
  ['a', 'α'],
  ['b', 'β'],
  ['v', 'β'],
  ['g', 'γ'],
  ['d', 'δ'],
  ['e', 'ε'],
  ['z', 'ζ'],
  ['i', 'ι'],
  ['k', 'κ'],
  ['l', 'λ'],
  ['m', 'μ'],
  ['n', 'ν'],
  ['x', 'ξ'],
  ['o', 'ο'],
  ['p', 'π'],
  ['r', 'ρ'],
  ['s', 'σ'],
  ['t', 'τ'],
  ['y', 'υ'],
  ['f', 'φ'],
  ['h', 'χ'],
  ['c', 'κ'],
  ['u', 'ου'],
  ['w', 'β'],
  ['q', 'κ'],
  ['j', 'τζ'],
];
function toScript(name, table) {
  return name
    .split(/(\s+)/)
    .map((word) => {
      let out = '';
      let rest = word.toLowerCase();
      outer: while (rest.length > 0) {
        for (const [latin, letter] of table) {
          if (rest.startsWith(latin)) {
            out += letter;
            rest = rest.slice(latin.length);
            continue outer;
          }
        }
        out += rest[0];
        rest = rest.slice(1);
      }
      return out.charAt(0).toUpperCase() + out.slice(1);
    })
    .join('');
}

function typo(rand, name) {
  const tokens = name.split(' ');
  const candidates = tokens.map((t, i) => [t, i]).filter(([t]) => t.length >= 4);
  if (candidates.length === 0) return null;
  const [token, index] = pick(rand, candidates);
  const at = 1 + Math.floor(rand() * (token.length - 2));
  const letters = 'abcdefghijklmnoprstuvyz';
  const kind = rand();
  let changed;
  if (kind < 0.3) changed = token.slice(0, at) + pick(rand, letters) + token.slice(at + 1);
  else if (kind < 0.55) changed = token.slice(0, at) + token.slice(at + 1);
  else if (kind < 0.8) changed = token.slice(0, at) + pick(rand, letters) + token.slice(at);
  else changed = token.slice(0, at) + token[at + 1] + token[at] + token.slice(at + 2);
  tokens[index] = changed;
  return tokens.join(' ');
}

function variantOf(rand, kind, entity) {
  const tokens = entity.tokens;
  switch (kind) {
    case 'transliteration':
      return toScript(entity.name, rand() < 0.7 ? CYRILLIC : GREEK);
    case 'swapped-order':
      return [tokens[tokens.length - 1], ...tokens.slice(0, -1)].join(' ');
    case 'missing-middle-name':
      return tokens.length >= 3 ? [tokens[0], tokens[tokens.length - 1]].join(' ') : null;
    case 'typo':
      return typo(rand, entity.name);
    case 'alias':
      return entity.aliases.length > 0 ? pick(rand, entity.aliases) : null;
    default:
      throw new Error(kind);
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** Builds the index, screens the variant and non-listed queries, and reports. */
export async function screeningBenchmark({ root, log = () => {} }) {
  const { ScreeningIndex, DEFAULT_SCREENING_THRESHOLD } = await import(join(root, 'dist/server/screening/index.js'));
  const rand = random(17);
  const entities = generateEntities(rand, ENTITIES);
  const built = performance.now();
  const index = new ScreeningIndex(entities);
  const buildMs = performance.now() - built;
  log(`screening: ${entities.length} entities indexed in ${Math.round(buildMs)} ms`);

  const persons = entities.filter((e) => e.kind === 'person');
  const queries = [];
  for (const kind of VARIANT_KINDS) {
    let made = 0;
    while (made < VARIANT_QUERIES_PER_KIND) {
      const entity = pick(rand, persons);
      const name = variantOf(rand, kind, entity);
      if (!name) continue;
      // The applicant's own data: the listed date of birth and nationality, when the list has them.
      const dateOfBirth =
        entity.datesOfBirth[0]?.length === 10 ? entity.datesOfBirth[0] : entity.datesOfBirth[0] ? `${entity.datesOfBirth[0]}-06-15` : isoDate(rand);
      queries.push({ kind, expected: entity.externalId, query: { name, dateOfBirth, nationality: entity.nationalities[0] ?? null } });
      made++;
    }
  }
  // A non-listed person: no listed name carries both their first name and their surname
  // (namesakes are a question for the date of birth; this measures unrelated names).
  const listedPairs = new Set(
    entities.flatMap((e) =>
      [e.name, ...e.aliases].flatMap((n) => {
        const t = n.toLowerCase().split(' ');
        return t.flatMap((a) => t.map((b) => `${a} ${b}`));
      }),
    ),
  );
  let nonListed = 0;
  while (nonListed < NON_LISTED_QUERIES) {
    const person = personName(rand);
    const name = person.tokens.join(' ');
    if (listedPairs.has(`${person.first} ${person.last}`.toLowerCase())) continue;
    queries.push({ kind: 'non-listed', expected: null, query: { name, dateOfBirth: isoDate(rand), nationality: pick(rand, person.culture.countries) } });
    nonListed++;
  }

  // Warm-up, so the JIT's first compilations are not counted as screening time.
  for (const { query } of queries.slice(0, 200)) index.screen(query, { kinds: ['person'] });
  const times = [];
  const found = Object.fromEntries(VARIANT_KINDS.map((k) => [k, 0]));
  let falsePositives = 0;
  for (const { kind, expected, query } of queries) {
    const started = performance.now();
    const hits = index.screen(query, { kinds: ['person'] });
    times.push(performance.now() - started);
    if (expected === null) {
      if (hits.length > 0) falsePositives++;
    } else if (hits.some((hit) => hit.entity.externalId === expected)) {
      found[kind]++;
    }
  }
  times.sort((a, b) => a - b);

  // Recall and false positives at other thresholds, for choosing the default (untimed).
  const sweep = [0.8, 0.82, 0.84, 0.86, 0.88, 0.9, 0.92, 0.94].map((threshold) => ({ threshold, recall: 0, falsePositiveRate: 0 }));
  for (const { expected, query } of queries) {
    const hits = index.screen(query, { kinds: ['person'], threshold: sweep[0].threshold, limit: 50 });
    for (const point of sweep) {
      const above = hits.filter((hit) => hit.score >= point.threshold);
      if (expected === null) point.falsePositiveRate += above.length > 0 ? 1 / NON_LISTED_QUERIES : 0;
      else point.recall += above.some((hit) => hit.entity.externalId === expected) ? 1 / (VARIANT_KINDS.length * VARIANT_QUERIES_PER_KIND) : 0;
    }
  }
  for (const point of sweep) {
    point.recall = Math.round(point.recall * 1000) / 1000;
    point.falsePositiveRate = Math.round(point.falsePositiveRate * 1000) / 1000;
  }
  const variantCount = VARIANT_KINDS.length * VARIANT_QUERIES_PER_KIND;
  const recallByVariant = Object.fromEntries(VARIANT_KINDS.map((k) => [k, found[k] / VARIANT_QUERIES_PER_KIND]));
  const result = {
    entities: entities.length,
    queries: queries.length,
    p50Ms: Math.round(percentile(times, 0.5) * 100) / 100,
    p95Ms: Math.round(percentile(times, 0.95) * 100) / 100,
    recall: Object.values(found).reduce((a, b) => a + b, 0) / variantCount,
    falsePositiveRate: falsePositives / NON_LISTED_QUERIES,
    threshold: DEFAULT_SCREENING_THRESHOLD,
    recallByVariant,
    sweep,
    indexBuildMs: Math.round(buildMs),
  };
  log(`screening: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, recall ${result.recall.toFixed(3)}, false positives ${result.falsePositiveRate.toFixed(3)}`);
  return result;
}
