import { countryCode } from './countries.js';
import { compareNationalities } from './matcher.js';

describe('country names to ISO 3166 codes', () => {
  it('gives a name the code in use, not a withdrawn code that shares it (FX, UK, SU, YU, ZR, HV, DY, TP)', () => {
    expect(['France', 'United Kingdom', 'Russia', 'Serbia', 'Congo - Kinshasa', 'Burkina Faso', 'Benin', 'Timor-Leste'].map(countryCode)).toEqual([
      'FR',
      'GB',
      'RU',
      'RS',
      'CD',
      'BF',
      'BJ',
      'TL',
    ]);
  });

  it('reads a code as it is, and a name inside a longer text', () => {
    expect(countryCode('DE')).toBe('DE');
    expect(countryCode('UK')).toBe('GB');
    expect(countryCode('a national of Syria')).toBe('SY');
    expect(countryCode('Atlantis')).toBeNull();
  });

  it('matches a nationality stored by an older import under a withdrawn code', () => {
    expect(compareNationalities('RU', ['SU'])).toBe('match');
    expect(compareNationalities('gb', ['UK'])).toBe('match');
    expect(compareNationalities('FR', ['DE'])).toBe('mismatch');
  });
});
