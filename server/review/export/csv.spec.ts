import { csvCell, csvLine } from './csv.js';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
  ])('neutralises a formula: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('quotes commas, quotes and line breaks and leaves plain text alone', () => {
    expect(csvCell('Silva, Ana')).toBe('"Silva, Ana"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('Ana Silva')).toBe('Ana Silva');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', null, '=1'])).toBe("a,,'=1\r\n");
  });
});
