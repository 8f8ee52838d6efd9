import anyAscii from 'any-ascii';

/**
 * Country names as the lists write them → ISO 3166-1 alpha-2. The English names come
 * from the runtime's ICU data (Intl.DisplayNames), so no table of 250 names is kept
 * here; the extra names are the lists' own ways of writing some of them.
 */
const LIST_SPELLINGS: Record<string, string> = {
  russia: 'RU',
  'russian federation': 'RU',
  iran: 'IR',
  'iran islamic republic of': 'IR',
  syria: 'SY',
  'syrian arab republic': 'SY',
  'north korea': 'KP',
  'korea north': 'KP',
  'democratic peoples republic of korea': 'KP',
  dprk: 'KP',
  'south korea': 'KR',
  'korea south': 'KR',
  'republic of korea': 'KR',
  burma: 'MM',
  venezuela: 'VE',
  'bolivarian republic of venezuela': 'VE',
  bolivia: 'BO',
  tanzania: 'TZ',
  vietnam: 'VN',
  'viet nam': 'VN',
  laos: 'LA',
  'lao peoples democratic republic': 'LA',
  moldova: 'MD',
  'republic of moldova': 'MD',
  'congo democratic republic of the': 'CD',
  'democratic republic of the congo': 'CD',
  'congo republic of the': 'CG',
  'republic of the congo': 'CG',
  'ivory coast': 'CI',
  'cote divoire': 'CI',
  'united states': 'US',
  'united states of america': 'US',
  usa: 'US',
  'united kingdom': 'GB',
  uk: 'GB',
  'great britain': 'GB',
  'palestinian territories': 'PS',
  palestine: 'PS',
  'west bank': 'PS',
  gaza: 'PS',
  turkey: 'TR',
  turkiye: 'TR',
  'czech republic': 'CZ',
  macedonia: 'MK',
  'the former yugoslav republic of macedonia': 'MK',
  swaziland: 'SZ',
  'cape verde': 'CV',
  'holy see': 'VA',
  kosovo: 'XK',
};

let byName: Map<string, string> | undefined;

/**
 * The ISO 3166 code in use for a two-letter region code: a withdrawn one becomes its
 * successor (SU → RU, FX → FR, UK → GB, YU → RS), so codes stored by an older import
 * still meet today's. Anything that is not a region code comes back as it was.
 */
export function regionInUse(code: string): string {
  try {
    return Intl.getCanonicalLocales(`und-${code}`)[0].slice('und-'.length);
  } catch {
    return code;
  }
}

/** Lower case, accents and punctuation gone, words separated by one space. */
function countryKey(text: string): string {
  return anyAscii(text)
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function names(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      // A withdrawn code shares its successor's name (FX and FR are both "France", SU and RU
      // "Russia", UK and GB "United Kingdom"): the name stands for the code in use.
      if (regionInUse(code) !== code) continue;
      const name = display.of(code);
      if (name && name !== code) byName.set(countryKey(name), code);
    }
  }
  for (const [name, code] of Object.entries(LIST_SPELLINGS)) byName.set(countryKey(name), code);
  return byName;
}

/** The ISO-2 code of a country name or code as a list writes it, or null when it names no country. */
export function countryCode(text: string | null | undefined): string | null {
  if (!text) return null;
  const trimmed = text.trim();
  if (/^[A-Z]{2}$/.test(trimmed) && trimmed !== 'XX' && trimmed !== '00') return regionInUse(trimmed);
  const key = countryKey(trimmed);
  if (!key) return null;
  const direct = names().get(key);
  if (direct) return direct;
  // "Iraq (citizen)", "a national of Syria": a known name inside a longer text.
  for (const [name, code] of names()) {
    if (name.length >= 4 && new RegExp(`(^| )${name}( |$)`).test(key)) return code;
  }
  return null;
}

/** The distinct ISO-2 codes of several country texts, in first-seen order. */
export function countryCodes(texts: Iterable<string | null | undefined>): string[] {
  const codes = new Set<string>();
  for (const text of texts) {
    const code = countryCode(text);
    if (code) codes.add(code);
  }
  return [...codes];
}
