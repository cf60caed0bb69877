import type { LanguageCode } from '../../site/languages';
import type {
  News,
  NewsAudience,
  NewsDetail,
  NewsFailure,
  NewsProgress,
  NewsRecipient,
  NewsStatus,
  NewsText,
  NewsTexts,
} from '../../site/news';
import { newsTextIn } from '../../site/news';
import { PRODUCTS } from '../../site/tickets';
import { timeSortableId } from '../ids';
import { checkedIn } from './attendance';
import type { Tx } from './context';
import { addEmail } from './outbox';
import { iso } from './schema';

// News to ticket holders (site/news.ts). When a message starts sending, its audience is resolved
// once into `news_recipients`, one row per address (a holder's, or the buyer's for a ticket without
// one), so each address gets it once however many tickets it holds. The alarm then hands the
// recipients to the outbox (outbox.ts) a batch at a time, each batch one transaction that adds the
// e-mails and marks their recipients: a restart between or inside batches neither loses nor
// doubles one, and the outbox's lease and claim carry each e-mail to the service once. The pace
// (`NEWS_BATCH` per `NEWS_INTERVAL_MS`) keeps a send of ten thousand under the e-mail service's rate.

/** Recipients handed to the outbox per batch. */
export const NEWS_BATCH = 100;
/** Time between two batches of one message: 100 per 10 s is 600 a minute, 10,000 in 17 minutes. */
export const NEWS_INTERVAL_MS = 10_000;
/** Failures a message's detail lists. */
const FAILURES_SHOWN = 100;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS news (
  id TEXT PRIMARY KEY,
  texts TEXT NOT NULL,
  audience TEXT NOT NULL,
  status TEXT NOT NULL,
  send_at INTEGER,
  next_batch_at INTEGER,
  created_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  started_at INTEGER,
  finished_at INTEGER
);
CREATE INDEX IF NOT EXISTS news_due ON news (status, send_at);
-- One row per address of a message's audience; state: waiting (not in the outbox yet), queued
-- (its e-mail is emails.id = email_id), skipped (its order stopped being paid before its batch).
CREATE TABLE IF NOT EXISTS news_recipients (
  news_id TEXT NOT NULL,
  address TEXT NOT NULL,
  lang TEXT NOT NULL,
  order_id TEXT NOT NULL,
  ticket_id TEXT NOT NULL,
  state TEXT NOT NULL,
  email_id INTEGER,
  PRIMARY KEY (news_id, address)
);
CREATE INDEX IF NOT EXISTS news_recipients_state ON news_recipients (news_id, state);
`;

/** Makes the news tables (the constructor, after the schema's migration). */
export function newsTables(sql: SqlStorage): void {
  sql.exec(SCHEMA);
}

type NewsRow = {
  id: string;
  texts: string;
  audience: string;
  status: NewsStatus;
  send_at: number | null;
  next_batch_at: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
};

/** What a change of a message may meet instead of its result. */
export type NewsRefusal = { kind: 'not_found' } | { kind: 'conflict'; status: NewsStatus };

const newsRow = (sql: SqlStorage, id: string) =>
  sql.exec<NewsRow>('SELECT * FROM news WHERE id = ?', id).toArray()[0] ?? null;

function progressOf(sql: SqlStorage, id: string): NewsProgress {
  const progress: NewsProgress = { recipients: 0, waiting: 0, queued: 0, sent: 0, failed: 0, skipped: 0 };
  const rows = sql
    .exec<{ state: string; status: string | null; n: number }>(
      `SELECT r.state, e.status, COUNT(*) AS n FROM news_recipients r LEFT JOIN emails e ON e.id = r.email_id
         WHERE r.news_id = ? GROUP BY r.state, e.status`,
      id,
    )
    .toArray();
  for (const row of rows) {
    progress.recipients += row.n;
    if (row.state === 'waiting') progress.waiting += row.n;
    else if (row.state === 'skipped') progress.skipped += row.n;
    else if (row.status === 'sent') progress.sent += row.n;
    else if (row.status === 'failed') progress.failed += row.n;
    else progress.queued += row.n;
  }
  return progress;
}

function toNews(sql: SqlStorage, row: NewsRow): News {
  return {
    id: row.id,
    texts: JSON.parse(row.texts) as NewsTexts,
    audience: JSON.parse(row.audience) as NewsAudience,
    status: row.status,
    sendAt: row.send_at === null ? null : iso(row.send_at),
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    startedAt: row.started_at === null ? null : iso(row.started_at),
    finishedAt: row.finished_at === null ? null : iso(row.finished_at),
    progress: progressOf(sql, row.id),
  };
}

/** Every message, newest first. */
export function listNews(sql: SqlStorage): News[] {
  return sql
    .exec<NewsRow>('SELECT * FROM news ORDER BY id DESC')
    .toArray()
    .map((row) => toNews(sql, row));
}

/** A message with the recipients it failed to reach, or null. */
export function newsDetail(sql: SqlStorage, id: string): NewsDetail | null {
  const row = newsRow(sql, id);
  if (!row) return null;
  const failures = sql
    .exec<NewsFailure>(
      `SELECT r.address, COALESCE(e.error, '') AS error FROM news_recipients r JOIN emails e ON e.id = r.email_id
         WHERE r.news_id = ? AND e.status = 'failed' ORDER BY r.address LIMIT ?`,
      id,
      FAILURES_SHOWN,
    )
    .toArray();
  return { ...toNews(sql, row), failures };
}

/** A message's recipients by address, `limit` after `after`, with how far each e-mail got. */
export function newsRecipients(sql: SqlStorage, id: string, after: string, limit: number): NewsRecipient[] {
  return sql
    .exec<{ address: string; lang: string; state: string; status: string | null }>(
      `SELECT r.address, r.lang, r.state, e.status FROM news_recipients r LEFT JOIN emails e ON e.id = r.email_id
         WHERE r.news_id = ? AND r.address > ? ORDER BY r.address LIMIT ?`,
      id,
      after,
      limit,
    )
    .toArray()
    .map((row) => ({
      address: row.address,
      lang: row.lang as LanguageCode,
      state: (row.state !== 'queued'
        ? row.state
        : row.status === 'sent' || row.status === 'failed'
          ? row.status
          : 'queued') as NewsRecipient['state'],
    }));
}

/** A new draft. */
export function createNews(c: Tx, input: { texts: NewsTexts; audience: NewsAudience }, by: string, now: number): News {
  const id = timeSortableId(now);
  c.sql.exec(
    "INSERT INTO news (id, texts, audience, status, created_by, created_at, updated_at) VALUES (?, ?, ?, 'draft', ?, ?, ?)",
    id,
    JSON.stringify(input.texts),
    JSON.stringify(input.audience),
    by,
    now,
    now,
  );
  return toNews(c.sql, newsRow(c.sql, id) as NewsRow);
}

/** Changes a draft's or a scheduled message's texts and audience; a message that began sending keeps them. */
export function updateNews(
  c: Tx,
  id: string,
  input: { texts: NewsTexts; audience: NewsAudience },
  now: number,
): News | NewsRefusal {
  const row = newsRow(c.sql, id);
  if (!row) return { kind: 'not_found' };
  if (row.status !== 'draft' && row.status !== 'scheduled') return { kind: 'conflict', status: row.status };
  c.sql.exec(
    'UPDATE news SET texts = ?, audience = ?, updated_at = ? WHERE id = ?',
    JSON.stringify(input.texts),
    JSON.stringify(input.audience),
    now,
    id,
  );
  return toNews(c.sql, newsRow(c.sql, id) as NewsRow);
}

/**
 * Sends a draft (or a scheduled message) now, or schedules it for `at` when that is later than
 * `now`. A message sending or sent already answers its status and stays as it is.
 */
export function sendNews(c: Tx, id: string, at: number | null, now: number): News | NewsRefusal {
  const row = newsRow(c.sql, id);
  if (!row) return { kind: 'not_found' };
  if (row.status !== 'draft' && row.status !== 'scheduled') return { kind: 'conflict', status: row.status };
  if (at !== null && at > now) {
    c.sql.exec("UPDATE news SET status = 'scheduled', send_at = ?, updated_at = ? WHERE id = ?", at, now, id);
    // The alarm runs on the real clock; a test's clock is the real one inside the box office.
    c.scheduleAlarm(at);
  } else {
    start(c, row, now);
  }
  return toNews(c.sql, newsRow(c.sql, id) as NewsRow);
}

/**
 * Stops a message: a scheduled one goes back to draft; one sending stops handing out its waiting
 * recipients (they are skipped; e-mails already in the outbox still go). Sent or draft: conflict.
 */
export function cancelNews(c: Tx, id: string, now: number): News | NewsRefusal {
  const row = newsRow(c.sql, id);
  if (!row) return { kind: 'not_found' };
  if (row.status === 'scheduled') {
    c.sql.exec("UPDATE news SET status = 'draft', send_at = NULL, updated_at = ? WHERE id = ?", now, id);
  } else if (row.status === 'sending') {
    c.sql.exec("UPDATE news_recipients SET state = 'skipped' WHERE news_id = ? AND state = 'waiting'", id);
    c.sql.exec(
      "UPDATE news SET status = 'cancelled', next_batch_at = NULL, finished_at = ?, updated_at = ? WHERE id = ?",
      now,
      now,
      id,
    );
  } else {
    return { kind: 'conflict', status: row.status };
  }
  return toNews(c.sql, newsRow(c.sql, id) as NewsRow);
}

/** A ticket of the audience: what makes its recipient. */
type AudienceTicket = { ticket_id: string; order_id: string; address: string; lang: string };

/**
 * The audience's tickets, oldest order first: tickets of paid orders only (a cancelled or refunded
 * order's holders get nothing), narrowed by product, mode, check-in and workshop seat.
 */
function audienceTickets(sql: SqlStorage, audience: NewsAudience): AudienceTicket[] {
  const products = PRODUCTS.filter(
    (p) => (!audience.products || audience.products.includes(p.id)) && (!audience.mode || p.mode === audience.mode),
  ).map((p) => p.id);
  if (!products.length) return [];
  const rows = sql
    .exec<AudienceTicket>(
      `SELECT t.id AS ticket_id, t.order_id, COALESCE(NULLIF(t.email, ''), o.email) AS address, o.lang
         FROM tickets t JOIN orders o ON o.id = t.order_id
         WHERE o.status = 'paid' AND t.product IN (${products.map(() => '?').join(', ')})
           ${audience.workshop === undefined ? '' : 'AND t.id IN (SELECT ticket_id FROM workshop_seats WHERE workshop_id = ?)'}
         ORDER BY t.order_id, t.position`,
      ...products,
      ...(audience.workshop === undefined ? [] : [audience.workshop]),
    )
    .toArray();
  return audience.checkedIn === undefined
    ? rows
    : rows.filter((row) => checkedIn(sql, row.ticket_id) === audience.checkedIn);
}

/** How many addresses an audience has now (the console shows it before sending). */
export function audienceSize(sql: SqlStorage, audience: NewsAudience): number {
  return new Set(audienceTickets(sql, audience).map((row) => row.address.toLowerCase())).size;
}

/** Starts sending: the audience's addresses become its recipients, each once, and the alarm begins. */
function start(c: Tx, row: NewsRow, now: number): void {
  for (const ticket of audienceTickets(c.sql, JSON.parse(row.audience) as NewsAudience)) {
    c.sql.exec(
      `INSERT OR IGNORE INTO news_recipients (news_id, address, lang, order_id, ticket_id, state)
         VALUES (?, ?, ?, ?, ?, 'waiting')`,
      row.id,
      ticket.address.toLowerCase(),
      ticket.lang,
      ticket.order_id,
      ticket.ticket_id,
    );
  }
  c.sql.exec(
    "UPDATE news SET status = 'sending', send_at = COALESCE(send_at, ?), next_batch_at = ?, started_at = ?, updated_at = ? WHERE id = ?",
    now,
    // The batches go on the alarm's clock, the real one (a test server's clock may stand elsewhere).
    Date.now(),
    now,
    now,
    row.id,
  );
  // An audience of nobody is done at once.
  const none = !c.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM news_recipients WHERE news_id = ?', row.id).one()
    .n;
  if (none)
    c.sql.exec("UPDATE news SET status = 'sent', next_batch_at = NULL, finished_at = ? WHERE id = ?", now, row.id);
  else c.scheduleAlarm(Date.now());
}

/**
 * The alarm's part (wake-up.ts), at `now`: starts the scheduled messages whose time came, hands
 * the next batch of each message whose pace allows it to the outbox, and marks a message sent once
 * its last recipient is in the outbox. Returns when it has to run next, or null.
 */
export function newsTick(c: Tx, now: number): number | null {
  c.transaction(() => {
    for (const row of c.sql
      .exec<NewsRow>("SELECT * FROM news WHERE status = 'scheduled' AND send_at <= ?", now)
      .toArray()) {
      start(c, row, now);
    }
  });
  const due = c.sql
    .exec<{ id: string }>("SELECT id FROM news WHERE status = 'sending' AND next_batch_at <= ? ORDER BY id", now)
    .toArray();
  for (const { id } of due) c.transaction(() => handOutBatch(c, id, now));
  return c.sql
    .exec<{ at: number | null }>(
      `SELECT MIN(at) AS at FROM (
         SELECT MIN(next_batch_at) AS at FROM news WHERE status = 'sending'
         UNION ALL SELECT MIN(send_at) FROM news WHERE status = 'scheduled')`,
    )
    .one().at;
}

/**
 * One batch of a message, in one transaction: each waiting recipient whose order is still paid
 * gets its e-mail in the outbox, the others are skipped.
 */
function handOutBatch(c: Tx, id: string, now: number): void {
  const batch = c.sql
    .exec<{ address: string; order_id: string; status: string | null }>(
      `SELECT r.address, r.order_id, o.status FROM news_recipients r LEFT JOIN orders o ON o.id = r.order_id
         WHERE r.news_id = ? AND r.state = 'waiting' ORDER BY r.address LIMIT ?`,
      id,
      NEWS_BATCH,
    )
    .toArray();
  for (const recipient of batch) {
    if (recipient.status !== 'paid') {
      c.sql.exec(
        "UPDATE news_recipients SET state = 'skipped' WHERE news_id = ? AND address = ?",
        id,
        recipient.address,
      );
      continue;
    }
    // Not through the context's addEmail: a message is not an order's event, and its thousands of
    // e-mails stay out of the purchase-intent log.
    const emailId = addEmail(c.sql, id, 'news', recipient.address, now);
    c.sql.exec(
      "UPDATE news_recipients SET state = 'queued', email_id = ? WHERE news_id = ? AND address = ?",
      emailId,
      id,
      recipient.address,
    );
  }
  const left = c.sql
    .exec<{ n: number }>("SELECT COUNT(*) AS n FROM news_recipients WHERE news_id = ? AND state = 'waiting'", id)
    .one().n;
  if (left === 0) {
    c.sql.exec(
      "UPDATE news SET status = 'sent', next_batch_at = NULL, finished_at = ?, updated_at = ? WHERE id = ?",
      now,
      now,
      id,
    );
  } else {
    c.sql.exec('UPDATE news SET next_batch_at = ? WHERE id = ?', now + NEWS_INTERVAL_MS, id);
  }
}

/** Queues a test of a message to the organisers' address, in one language; returns the e-mail's id. */
export function queueNewsTest(c: Tx, id: string, lang: LanguageCode, now: number): number | null {
  if (!newsRow(c.sql, id)) return null;
  const emailId = addEmail(c.sql, id, 'news_test', lang, now);
  c.scheduleAlarm(Date.now());
  return emailId;
}

/**
 * What the mail queue's consumer sends for a message's e-mail: the text in the recipient's
 * language (or the test's), the address and the language; null when the message is gone.
 */
export function newsMessage(
  sql: SqlStorage,
  id: string,
  kind: 'news' | 'news_test',
  data: string,
): { text: NewsText; lang: LanguageCode; to: string | null; ticketId?: string } | null {
  const row = newsRow(sql, id);
  if (!row) return null;
  const texts = JSON.parse(row.texts) as NewsTexts;
  if (kind === 'news_test')
    return { text: newsTextIn(texts, data as LanguageCode), lang: data as LanguageCode, to: null };
  const recipient = sql
    .exec<{ lang: string; ticket_id: string }>(
      'SELECT lang, ticket_id FROM news_recipients WHERE news_id = ? AND address = ?',
      id,
      data,
    )
    .toArray()[0];
  if (!recipient) return null;
  const lang = recipient.lang as LanguageCode;
  // The ticket the address was picked for: its holder's page is linked from the message.
  return { text: newsTextIn(texts, lang), lang, to: data, ticketId: recipient.ticket_id };
}
