// talisman ships no type declarations; this is the one function the matcher uses.
declare module 'talisman/metrics/jaro-winkler.js' {
  /** Jaro-Winkler similarity of two strings, 0 (nothing alike) to 1 (equal). */
  const jaroWinkler: (a: string, b: string) => number;
  export default jaroWinkler;
}
