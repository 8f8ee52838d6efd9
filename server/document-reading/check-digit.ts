/**
 * Machine-readable-zone arithmetic of ICAO Doc 9303 (part 3, §4.9): characters are
 * valued 0–9 for digits, 10–35 for A–Z and 0 for the filler '<', weighted 7, 3, 1
 * repeating, and the check digit is the sum modulo 10.
 */
export function icaoCheckDigit(text: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < text.length; i += 1) {
    sum += icaoValue(text[i]) * weights[i % 3];
  }
  return String(sum % 10);
}

/**
 * Whether two characters weigh the same in every check digit (their values differ by a
 * multiple of 10, as S and 8, U and 0, G and 6, L and 1 do): a check digit cannot tell
 * a misread of one for the other.
 */
export function checkBlind(a: string, b: string): boolean {
  return (icaoValue(a) - icaoValue(b)) % 10 === 0;
}

function icaoValue(character: string): number {
  if (character === '<') return 0;
  if (character >= '0' && character <= '9') return character.charCodeAt(0) - 48;
  if (character >= 'A' && character <= 'Z') return character.charCodeAt(0) - 55;
  throw new Error(`'${character}' cannot appear in a machine-readable zone`);
}
