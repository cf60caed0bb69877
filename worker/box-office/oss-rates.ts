import type { OssRate } from '../../site/oss-report';
import type { Tx } from './context';

// The euro rate of each quarter's OSS return (site/oss-report.ts `OssRate`), kept once it is
// fetched from the ECB or entered by an organiser, so the report reads the same every time.

type RateRow = { quarter: string; rate: string; day: string; source: string; by: string | null; at: number };

/** The rate kept for a quarter, or null. */
export function ossRate(sql: SqlStorage, quarter: string): OssRate | null {
  const row = sql.exec<RateRow>('SELECT * FROM oss_rates WHERE quarter = ?', quarter).toArray()[0];
  if (!row) return null;
  return {
    rate: row.rate,
    day: row.day,
    source: row.source === 'manual' ? 'manual' : 'ecb',
    by: row.by,
    at: new Date(row.at).toISOString(),
  };
}

/**
 * Keeps a quarter's rate and returns the one kept. The ECB's is kept only when the quarter has none
 * (two organisers opening the report at once fetch it twice and keep it once; a rate entered by hand
 * is never replaced by a fetch); an organiser's replaces whatever was there.
 */
export function setOssRate(
  c: Tx,
  quarter: string,
  rate: Pick<OssRate, 'rate' | 'day' | 'source' | 'by'>,
  now: number,
): OssRate | null {
  c.sql.exec(
    `INSERT INTO oss_rates (quarter, rate, day, source, by, at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (quarter) DO ${rate.source === 'manual' ? 'UPDATE SET rate = excluded.rate, day = excluded.day, source = excluded.source, by = excluded.by, at = excluded.at' : 'NOTHING'}`,
    quarter,
    rate.rate,
    rate.day,
    rate.source,
    rate.by,
    now,
  );
  return ossRate(c.sql, quarter);
}
