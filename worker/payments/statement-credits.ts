import type { TransferCredit, TransferReversal } from '../../site/orders';
import { codeCandidates, type Statement, type StatementLine } from './mt940';

// What a statement asks of the box office: the credits (`C`) that may pay orders and the reversals
// (`RC`, "reversal of credit": the bank takes a credit back, a debit entry) that undo them, which
// the box office matches (worker/box-office/transfer-import.ts). Debits and reversals of debits
// (`RD`) are not buyers' money and pay nothing.

/** A reference that identifies something: SWIFT writes NONREF where there is none. */
const realReference = (reference: string | null): reference is string => !!reference && reference !== 'NONREF';

/** The fields of a credit or a reversal that the box office reads. */
const transfer = (line: StatementLine, statement: number) => ({
  line: line.line,
  bookedOn: line.bookedOn,
  amount: line.amount,
  currency: line.currency,
  title: line.title,
  candidates: codeCandidates(line.title),
  statement,
  references: [line.customerReference, line.bankReference].filter(realReference),
});

/** The credits and the reversals of credits of a file's statements, in the file's order. */
export function creditsOf(statements: Statement[]): { credits: TransferCredit[]; reversals: TransferReversal[] } {
  const credits: TransferCredit[] = [];
  const reversals: TransferReversal[] = [];
  for (const [index, statement] of statements.entries()) {
    for (const line of statement.lines) {
      if (line.mark === 'RC') reversals.push(transfer(line, index));
      if (line.mark !== 'C') continue;
      const reference = [line.bankReference, line.customerReference].find(realReference) ?? line.title;
      credits.push({ ...transfer(line, index), reference: reference.slice(0, 60) });
    }
  }
  return { credits, reversals };
}
