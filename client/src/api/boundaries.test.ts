import { describe, expect, it } from 'vitest';

// Every source file of the client outside api/, as text.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../api/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const offending = (pattern: RegExp) =>
  Object.entries(sources)
    .filter(([, text]) => pattern.test(text))
    .map(([file]) => file);

describe('the API boundary', () => {
  it('reads the whole client', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it("types no '/api/...' address outside api/: operations come from the SDK, addresses from api/endpoints", () => {
    expect(offending(/['"`]\/api\//)).toEqual([]);
  });

  it('calls operations through api/sdk (the configured client), never the generated SDK or client directly', () => {
    expect(offending(/from '[./]*\/api\/generated\/(sdk\.gen|client\.gen|client)(\/[\w.]*)?'/)).toEqual([]);
  });
});
