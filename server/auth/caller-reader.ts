import type { RoleRights } from '../common/access/permissions.js';
import { Params, type EntityRows, type SqlExecutor } from '../database/plain-sql.js';
import type { User } from '../users/user.entity.js';

export interface Caller {
  user: User;
  rights: RoleRights;
}

/**
 * Who the caller is and what their role may do, read in ONE prepared statement per
 * request (the account by API-key hash or by id, its role's permissions in a subquery).
 * Nothing is cached: a regenerated key, a changed role or permission applies on the
 * very next request, on every replica. Plain SQL on an executor: bench/ runs it as is.
 */
export class CallerReader {
  private readonly rightsColumn: string;

  constructor(
    private readonly db: SqlExecutor,
    private readonly users: EntityRows<User>,
  ) {
    this.rightsColumn =
      this.db.dialect === 'postgres'
        ? `(SELECT json_object_agg("p"."resource", "p"."actions"::json) FROM "permissions" "p" WHERE "p"."role" = "u"."role")`
        : `(SELECT json_group_object("p"."resource", json("p"."actions")) FROM "permissions" "p" WHERE "p"."role" = "u"."role")`;
  }

  byApiKeyHash(apiKeyHash: string): Promise<Caller | null> {
    return this.read('apiKeyHash', apiKeyHash);
  }

  byId(id: string): Promise<Caller | null> {
    return this.read('id', id);
  }

  private async read(column: 'apiKeyHash' | 'id', value: string): Promise<Caller | null> {
    const params = new Params(this.db.dialect);
    const [row] = await this.db.query<Record<string, unknown>>(
      `SELECT ${this.users.select('u')}, ${this.rightsColumn} AS "__rights" FROM "users" "u" WHERE "u"."${column}" = ${params.add(value)} LIMIT 1`,
      params.values,
    );
    if (!row) return null;
    const rights = row.__rights;
    return { user: this.users.hydrate(row), rights: (typeof rights === 'string' ? JSON.parse(rights) : (rights ?? {})) as RoleRights };
  }
}
