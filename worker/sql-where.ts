/** One condition of a query: its SQL with `?` placeholders and their values; falsy where it does not apply. */
export type Condition = readonly [sql: string, ...values: (string | number)[]] | false | null | undefined | '';

/**
 * The WHERE clause (`WHERE a AND b`, or '' when nothing applies) of the conditions that apply, and
 * their values in order: the organisers' lists filter by what was given, in SQLite and D1 alike.
 */
export function whereOf(conditions: readonly Condition[]): { clause: string; values: (string | number)[] } {
  const applied = conditions.filter((c): c is Exclude<Condition, false | null | undefined | ''> => Boolean(c));
  return {
    clause: applied.length ? `WHERE ${applied.map(([sql]) => sql).join(' AND ')}` : '',
    values: applied.flatMap(([, ...values]) => values),
  };
}

/** A LIKE pattern that finds `text` anywhere, its own `\`, `%` and `_` taken literally (with `ESCAPE '\'`). */
export const likeAnywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
