import { DEFAULT_SCREENING_THRESHOLD, nameSimilarity, normalizeName, ScreeningIndex, type ScreenableEntity } from './index.js';

const person = (name: string, extra: Partial<ScreenableEntity> = {}): ScreenableEntity & { id: string } => ({
  id: name,
  kind: 'person',
  name,
  aliases: [],
  datesOfBirth: [],
  nationalities: [],
  ...extra,
});

describe('normalising names', () => {
  it('drops case, diacritics and punctuation and splits on hyphens', () => {
    expect(normalizeName('José  MÜLLER-Lüdenscheidt')).toEqual(normalizeName('jose muller ludenscheidt'));
    expect(normalizeName("O'Brien")).toEqual(normalizeName('OBrien'));
  });

  it('transliterates Cyrillic, Greek and Arabic script to the same tokens as the Latin spelling', () => {
    expect(normalizeName('Владимир Петров')).toEqual(normalizeName('Vladimir Petrov'));
    expect(normalizeName('Пётр')).toEqual(normalizeName('Pyotr'));
    expect(normalizeName('Νικόλαος Παπαδάκης')).toEqual(normalizeName('Nikolaos Papadakis'));
    expect(normalizeName('Μπότσαρης')).toEqual(normalizeName('Botsaris'));
    expect(normalizeName('عمر')).toHaveLength(1);
  });

  it('folds spellings that transliteration systems disagree on', () => {
    expect(normalizeName('Aleksandr')).toEqual(normalizeName('Alexandr'));
    expect(normalizeName('Yuri')).toEqual(normalizeName('Juri'));
    expect(normalizeName('Khalil')).toEqual(normalizeName('Halil'));
    expect(normalizeName('Mikhail')).not.toEqual(normalizeName('Michael'));
  });
});

describe('name similarity', () => {
  const similarity = (a: string, b: string) => nameSimilarity(normalizeName(a), normalizeName(b));

  it('ignores token order and tolerates a missing middle name or an initial', () => {
    expect(similarity('Petrov Ivan', 'Ivan Petrov')).toBe(1);
    expect(similarity('Ivan Petrov', 'Ivan Sergeyevich Petrov')).toBeGreaterThan(0.9);
    expect(similarity('I. Petrov', 'Ivan Petrov')).toBeGreaterThan(0.9);
  });

  it('keeps different people apart', () => {
    expect(similarity('Ivan Petrov', 'Ivan Sidorov')).toBeLessThan(0.6);
    expect(similarity('Petrov', 'Ivan Petrov')).toBeLessThan(DEFAULT_SCREENING_THRESHOLD);
  });
});

describe('screening against an index', () => {
  const entities = [
    person('Viktor Ivanovich KOVALENKO', { aliases: ['Victor KOVALENKO'], datesOfBirth: ['1961-03-14'], nationalities: ['RU'] }),
    person('DMITRI SERGEYEVICH VOLKOV', { aliases: ['Дмитрий Сергеевич Волков'], datesOfBirth: ['1968-05-02'], nationalities: ['RU'] }),
    person('Hassan Ali AL-RAHMANI', { aliases: ['Hasan RAHMANI'], datesOfBirth: ['1975'], nationalities: ['YE'] }),
    person('Abdul Karim NASSER', { aliases: ['عبد الكريم ناصر'], datesOfBirth: ['1970'] }),
    { ...person('Golden Crescent Trading Company'), kind: 'entity' as const },
  ];
  const index = new ScreeningIndex(entities);
  const top = (name: string, extra: { dateOfBirth?: string; nationality?: string } = {}) => index.screen({ name, ...extra })[0];

  it.each([
    ['transliterated from Cyrillic', 'Виктор Коваленко'],
    ['in Greek script', 'Βίκτορ Κοβαλένκο'],
    ['with the order swapped', 'KOVALENKO Viktor'],
    ['without the middle name', 'Viktor Kovalenko'],
    ['with a typo', 'Viktor Kovalenok'],
    ['under an alias', 'Victor Kovalenko'],
  ])('finds a listed person %s', (_, name) => {
    expect(top(name, { dateOfBirth: '1961-03-14', nationality: 'RU' })?.entity.id).toBe('Viktor Ivanovich KOVALENKO');
  });

  it('finds a name written in the script the list gives as an alias', () => {
    expect(top('عبد الكريم ناصر')?.entity.id).toBe('Abdul Karim NASSER');
    expect(top('Дмитрий Волков')?.entity.id).toBe('DMITRI SERGEYEVICH VOLKOV');
  });

  it('says which fields matched, and lets a date of birth and nationality move the score', () => {
    const corroborated = top('Viktor Kovalenok', { dateOfBirth: '1961-03-14', nationality: 'RU' });
    const plain = top('Viktor Kovalenok');
    expect(corroborated).toMatchObject({ dateOfBirth: 'exact', nationality: 'match' });
    expect(plain).toMatchObject({ dateOfBirth: 'unknown', nationality: 'unknown' });
    expect(corroborated.score).toBeGreaterThan(plain.score);
    expect(top('Hassan Rahmani', { dateOfBirth: '1975-02-01' })).toMatchObject({ dateOfBirth: 'year' });
  });

  it('drops a similar name whose date of birth contradicts the list, but still alerts on an exact one', () => {
    expect(index.screen({ name: 'Viktor Kovalenok', dateOfBirth: '1990-01-01', nationality: 'FR' })).toEqual([]);
    expect(index.screen({ name: 'Victor Kovalenko', dateOfBirth: '1990-01-01' })[0]).toMatchObject({ dateOfBirth: 'mismatch' });
  });

  it('finds nothing for an unrelated person, and filters by kind', () => {
    expect(index.screen({ name: 'Maria Gonzalez', dateOfBirth: '1985-06-01' })).toEqual([]);
    expect(index.screen({ name: 'Golden Crescent Trading Company' }, { kinds: ['person'] })).toEqual([]);
    expect(index.screen({ name: 'Golden Crescent Trading Company' })[0]?.entity.kind).toBe('entity');
  });

  it('honours a stricter threshold set by the organization', () => {
    expect(index.screen({ name: 'Viktor Kovalenok' }, { threshold: 0.99 })).toEqual([]);
  });
});
