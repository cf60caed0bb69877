import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// An order's status changes only through lifecycle.transition() (worker/box-office/lifecycle.ts),
// guarded by ORDER_TRANSITIONS: no other module of the box office writes it.

const DIR = join(import.meta.dirname, '../../worker/box-office');
/** SQL that sets an order's status: an UPDATE of `orders` whose SET names `status`. */
const WRITES_STATUS = /UPDATE\s+orders\s+SET\s[^;`'"]*?\bstatus\s*=/gi;
/** SQL that changes a ticket's status (site/orders.ts TICKET_TRANSITIONS): a ticket leaves `tickets` for `cancelled_tickets`. */
const WRITES_TICKET_STATUS = /DELETE\s+FROM\s+tickets\b|INSERT\s+INTO\s+cancelled_tickets\b/gi;

/** The box office's modules whose text matches `writes`, a module once per match. */
function modulesMatching(writes: RegExp): string[] {
  return readdirSync(DIR)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => (readFileSync(join(DIR, file), 'utf8').match(writes) ?? []).map(() => file));
}

describe("an order's status", () => {
  it('is written only by the lifecycle module', () => {
    const writers = modulesMatching(WRITES_STATUS);
    expect(writers.filter((file) => file !== 'lifecycle.ts')).toEqual([]);
    expect(writers).toContain('lifecycle.ts');
  });

  it("and a ticket's, only by the lifecycle module too", () => {
    const writers = modulesMatching(WRITES_TICKET_STATUS);
    expect(writers.filter((file) => file !== 'lifecycle.ts')).toEqual([]);
    expect(writers).toContain('lifecycle.ts');
  });
});
