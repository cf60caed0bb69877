import type { OrderStatus, TransferCredit, TransferReport, TransferResult, TransferReversal } from '../../site/orders';
import { creditKey } from './statement-credits';

// The import of a bank statement's credits and reversals (worker/payments/statement-credits.ts) into
// the box office: which order each line names, and what became of it. A credit pays its order
// through `pay` (the box office's markTransferPaid: one transaction per credit, refused when the
// amount, the date or the order's state says no), so a statement imported again pays nothing twice.
//
// A reversal of a credit (`RC`) undoes one credit of its own statement. MT940 gives it no pointer to
// that credit; what identifies it is what the bank repeats: the same amount and currency, and the
// credit's reference (the account owner's or the bank's, in :61:) or, failing that, a title that
// names the same order. Of several such credits it takes the nearest before it, then the nearest
// after. Nothing is guessed from an amount alone: a title that names no order or several
// (`ambiguous`), a credit its statement reverses and a reversal without its credit pay nothing and
// are reported for the organisers to handle by hand.

type Named =
  | { kind: 'none' }
  | { kind: 'one'; id: string; code: string; status: OrderStatus; gross: number }
  | { kind: 'several'; codes: string[] };

type Pay = (
  orderId: string,
  credit: TransferCredit,
  key: string,
) => TransferResult | { kind: 'kept'; outcome: 'underpaid' | 'overpaid'; expected: number; received: number };
/** Keeps a credit that names no order (or several) for the organisers to match or return. */
type Keep = (credit: TransferCredit, key: string) => void;

/** The orders a title's candidate codes name, in the order the title names them. */
function orderNamed(sql: SqlStorage, candidates: string[]): Named {
  // Candidates are distinct, so each order appears once.
  const rows = sql
    .exec<{ id: string; code: string; status: OrderStatus; gross: number }>(
      'SELECT o.id, o.code, o.status, o.gross FROM json_each(?) c JOIN orders o ON o.code = c.value ORDER BY c.key',
      JSON.stringify(candidates),
    )
    .toArray();
  const [first] = rows;
  if (!first) return { kind: 'none' };
  if (rows.length > 1) return { kind: 'several', codes: rows.map((row) => row.code) };
  return { kind: 'one', ...first };
}

type Line<T> = T & { named: Named };

/** How surely a reversal names a credit: 0 by a reference both carry, 1 by the order both titles name, else null. */
function matchOf(reversal: Line<TransferReversal>, credit: Line<TransferCredit>): 0 | 1 | null {
  if (reversal.statement !== credit.statement) return null;
  if (reversal.amount !== credit.amount || reversal.currency !== credit.currency) return null;
  if (reversal.references.some((reference) => credit.references.includes(reference))) return 0;
  const { named } = reversal;
  return named.kind === 'one' && credit.named.kind === 'one' && credit.named.id === named.id ? 1 : null;
}

/** The credit each reversal undoes (line to line), each credit undone once at most. */
function reversalsOf(credits: Line<TransferCredit>[], reversals: Line<TransferReversal>[]): Map<number, number> {
  const undone = new Map<number, number>();
  for (const reversal of reversals) {
    const distance = (line: number) =>
      line < reversal.line ? reversal.line - line : Number.MAX_SAFE_INTEGER / 2 + line - reversal.line;
    const [best] = credits
      .filter((credit) => !undone.has(credit.line))
      .map((credit) => ({ credit, rank: matchOf(reversal, credit) }))
      .filter((found): found is { credit: Line<TransferCredit>; rank: 0 | 1 } => found.rank !== null)
      .sort((a, b) => a.rank - b.rank || distance(a.credit.line) - distance(b.credit.line));
    if (best) undone.set(best.credit.line, reversal.line);
  }
  return undone;
}

const entryOf = (line: TransferCredit | TransferReversal) => ({
  line: line.line,
  bookedOn: line.bookedOn,
  amount: line.amount,
  title: line.title,
});

const orderOf = (named: Named) => (named.kind === 'one' ? { code: named.code, orderId: named.id } : { code: null });

/** The order a line names is paid: whoever reads a reversal of its money checks it by hand. */
const paidFlag = (named: Named) => (named.kind === 'one' && named.status === 'paid' ? { orderPaid: true } : {});

function creditReport(
  credit: Line<TransferCredit>,
  reversedBy: number | undefined,
  pay: Pay,
  keep: Keep,
  key: string,
): TransferReport {
  const entry = entryOf(credit);
  const { named } = credit;
  // Taken back by the bank in the same statement: the money never stayed. An order paid already
  // (by hand, or by an earlier file that did not have the reversal yet) is the organisers' to check.
  if (reversedBy !== undefined) {
    return { ...entry, ...orderOf(named), result: 'reversed', reversedBy, ...paidFlag(named) };
  }
  // Kept (once per line) for the organisers to match to an order by hand or to return.
  if (named.kind === 'none' || named.kind === 'several') keep(credit, key);
  if (named.kind === 'none') return { ...entry, code: null, result: 'unknown_code' };
  if (named.kind === 'several') return { ...entry, code: null, result: 'ambiguous', codes: named.codes };
  const known = { ...entry, code: named.code, orderId: named.id };
  if (credit.currency !== 'PLN') return { ...known, result: 'amount_mismatch', expected: named.gross };
  const result = pay(named.id, credit, key);
  if (result.kind === 'paid') return { ...known, result: 'paid' };
  if (result.kind === 'kept')
    return { ...known, result: result.outcome, expected: result.expected, received: result.received };
  if (result.error === 'not_found') return { ...entry, code: null, result: 'unknown_code' };
  if (result.error === 'amount_mismatch') return { ...known, result: result.error, expected: result.expected };
  if (result.error === 'invalid_date') return { ...known, result: result.error, reason: result.reason };
  return { ...known, result: result.error };
}

/**
 * Records a file's credits (each through `pay`, unless a reversal of its statement undoes it) and
 * reports every credit and reversal, in the file's order: one entry per line.
 */
export function importTransfers(
  sql: SqlStorage,
  credits: TransferCredit[],
  reversals: TransferReversal[],
  pay: Pay,
  keep: Keep,
): TransferReport[] {
  const named = <T extends TransferCredit | TransferReversal>(line: T): Line<T> => ({
    ...line,
    named: orderNamed(sql, line.candidates),
  });
  const creditLines = credits.map(named);
  const reversalLines = reversals.map(named);
  const undone = reversalsOf(creditLines, reversalLines);
  const reverses = new Map([...undone].map(([credit, reversal]) => [reversal, credit]));
  // Identical lines of one file (two equal instalments on one day) stay apart by their occurrence.
  const seen = new Map<string, number>();
  const keyOf = (credit: TransferCredit) => {
    const base = creditKey(credit, 0);
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    return creditKey(credit, occurrence);
  };
  const paid = creditLines.map((credit) => creditReport(credit, undone.get(credit.line), pay, keep, keyOf(credit)));
  const reversed = reversalLines.map((reversal): TransferReport => {
    const entry = { ...entryOf(reversal), ...orderOf(reversal.named) };
    const credit = reverses.get(reversal.line);
    if (credit !== undefined) return { ...entry, result: 'reversal', reverses: credit };
    // Read again: a credit of this very file may have paid the order it names.
    return { ...entry, result: 'reversal_unmatched', ...paidFlag(orderNamed(sql, reversal.candidates)) };
  });
  return [...paid, ...reversed].sort((a, b) => a.line - b.line);
}
