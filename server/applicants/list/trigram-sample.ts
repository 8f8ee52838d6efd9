import type { SqlExecutor } from '../../database/plain-sql.js';
import type { Trigram } from './search-term.js';

const SAMPLE_ROWS = 10_000;
const SAMPLE_TTL_MS = 10 * 60_000;

/**
 * How common each trigram is among applicant names, from a sample of about
 * SAMPLE_ROWS names refreshed every SAMPLE_TTL_MS. Only used to pick which of a search
 * term's trigrams go to the index: a name containing the term contains each of them, so
 * any pick finds every match (the full LIKE/ILIKE rechecks); rare ones read less.
 */
export class TrigramSample {
  private counts = new Map<string, number>();
  private takenAt = 0;
  private refreshing?: Promise<void>;

  constructor(private readonly db: SqlExecutor) {}

  /**
   * Up to `count` trigrams of the term, rarest first, none overlapping another (windows
   * of one word overlap and almost always come together, so a second one from the same
   * spot would hardly narrow the candidates); none before the first sample.
   */
  rarest(trigrams: Trigram[], count: number): string[] {
    if (Date.now() - this.takenAt > SAMPLE_TTL_MS && !this.refreshing) {
      this.refreshing = this.refresh()
        .catch(() => undefined)
        .finally(() => (this.refreshing = undefined));
    }
    if (this.takenAt === 0) return [];
    const picked: Trigram[] = [];
    for (const trigram of [...trigrams].sort((a, b) => this.frequency(a.text) - this.frequency(b.text))) {
      if (picked.length === count) break;
      if (picked.every((other) => Math.abs(other.at - trigram.at) >= 3)) picked.push(trigram);
    }
    return [...new Set(picked.map((trigram) => trigram.text))];
  }

  settled(): Promise<void> | undefined {
    return this.refreshing;
  }

  private frequency(trigram: string): number {
    return this.counts.get(trigram.toLowerCase()) ?? 0;
  }

  private async refresh(): Promise<void> {
    const names: string[] = [];
    if (this.db.dialect === 'postgres') {
      const [{ rows }] = await this.db.query<{ rows: number }>(
        `SELECT GREATEST(reltuples, 0)::float8 AS "rows" FROM pg_class WHERE oid = 'applicants'::regclass`,
        [],
      );
      const percent = Math.min(100, (100 * SAMPLE_ROWS * 2) / Math.max(1, rows));
      const sampled = await this.db.query<{ name: string }>(`SELECT "name" FROM "applicants" TABLESAMPLE SYSTEM ($1) WHERE "name" IS NOT NULL LIMIT $2`, [
        percent,
        SAMPLE_ROWS,
      ]);
      names.push(...sampled.map((row) => row.name));
    } else {
      // Runs of consecutive rows from random places: no full scan.
      const [{ last }] = await this.db.query<{ last: number | null }>(`SELECT MAX("rowid") AS "last" FROM "applicants"`, []);
      const runs = 20;
      for (let i = 0; i < runs && last; i += 1) {
        const from = Math.floor(Math.random() * last);
        const sampled = await this.db.query<{ name: string }>(`SELECT "name" FROM "applicants" WHERE "rowid" >= ? AND "name" IS NOT NULL LIMIT ?`, [
          from,
          Math.ceil(SAMPLE_ROWS / runs),
        ]);
        names.push(...sampled.map((row) => row.name));
      }
    }
    const counts = new Map<string, number>();
    for (const name of names) {
      const characters = [...name.toLowerCase()];
      for (let i = 0; i + 3 <= characters.length; i += 1) {
        const trigram = characters.slice(i, i + 3).join('');
        counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
      }
    }
    this.counts = counts;
    this.takenAt = Date.now();
  }
}
