/**
 * A fast path for the query strings of the hot lists. class-transformer and
 * class-validator cost about a tenth of a list request's CPU; a query DTO registered here
 * is first checked by hand, with class-validator's own check functions (the same ones its
 * decorators call), and built directly. Only a query that passes every check takes the fast
 * path: anything else (an unknown or repeated parameter, a value that fails a check) goes
 * on to the full validation, which decides it and words its 400 exactly as before.
 */

/** What a field's check answers when it cannot accept the raw value itself. */
export const UNDECIDED = Symbol('undecided');

/** One query parameter: its raw value (a string, or an array when repeated) → the value the DTO's transforms give, or UNDECIDED. */
export type QueryField = (raw: unknown) => unknown;

type QueryDto = new () => object;

const registry = new Map<QueryDto, ReadonlyMap<string, QueryField>>();

/** Registers the hand checks of a query DTO: every parameter it accepts, each with its check. Not inherited by subclasses. */
export function handChecked(dto: QueryDto, fields: Record<string, QueryField>): void {
  registry.set(dto, new Map(Object.entries(fields)));
}

/**
 * The DTO instance for a raw query, or undefined when the DTO has no hand checks or the
 * query is not plainly valid (the full validation then decides). Parameters absent from
 * the query keep the DTO's defaults, as with class-transformer.
 */
export function handCheck(dto: unknown, query: unknown): object | undefined {
  const fields = registry.get(dto as QueryDto);
  if (!fields || typeof query !== 'object' || query === null) return undefined;
  const instance = new (dto as QueryDto)() as Record<string, unknown>;
  for (const [name, raw] of Object.entries(query)) {
    const field = fields.get(name);
    if (!field) return undefined;
    const value = field(raw);
    if (value === UNDECIDED) return undefined;
    instance[name] = value;
  }
  return instance;
}

// ---------------------------------------------------------------- field checks

/** A single string parameter, trimmed (an empty one is absent), accepted when `accepts` says so. */
export function trimmedString(accepts: (value: string) => boolean = () => true): QueryField {
  return (raw) => {
    if (typeof raw !== 'string') return UNDECIDED;
    const value = raw.trim();
    if (value === '') return undefined;
    return accepts(value) ? value : UNDECIDED;
  };
}

/** An integer parameter (`Number(raw)`, as `@Type(() => Number)`), from `min` to `max`. */
export function integerIn(min: number, max: number): QueryField {
  return (raw) => {
    if (typeof raw !== 'string') return UNDECIDED;
    const value = Number(raw);
    return Number.isInteger(value) && value >= min && value <= max ? value : UNDECIDED;
  };
}
