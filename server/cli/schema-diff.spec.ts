import { createTestDatabase } from '../../test/support/database.js';
import { schemaDiff } from './schema-diff.js';

// The same migrations must build exactly the schema the entities describe, on the
// database this run uses (SQLite, or PostgreSQL when TEST_DATABASE_URL is set).
describe('migrations', () => {
  it('build the schema the entities describe (generate-and-diff is empty)', async () => {
    const database = await createTestDatabase();
    try {
      const diff = await schemaDiff(process.env.DATABASE_URL, database.schema);
      expect(diff.up).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
