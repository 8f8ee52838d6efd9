/** "Firefox on Windows" from a User-Agent header; enough to tell one's own devices apart. */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  if (!ua) return 'Unknown device';
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\//, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrome\/|CriOS\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1] ?? 'Unknown browser';
  const os = [
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1];
  return os ? `${browser as string} on ${os as string}` : (browser as string);
}
