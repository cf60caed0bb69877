import {
  STAFF_LOG_RETENTION_MS,
  type StaffIdentity,
  type StaffLogEntry,
  type StaffMember,
  type StaffRole,
} from '../../site/staff';
import { iso } from './schema';

/**
 * Staff with console tokens of their own and the staff log. A token is kept only as its SHA-256
 * (it is 32 random bytes, so a hash cannot be reversed by trying): the worker hashes what is
 * presented and asks for the person. A revoked token stops at the next request.
 */

type StaffRow = {
  id: string;
  name: string;
  role: StaffRole;
  token_hash: string;
  created_at: number;
  created_by: string;
  last_used_at: number | null;
  revoked_at: number | null;
  revoked_by: string | null;
};

/** A staff log entry's row: the entry with its instant as stored. */
type LogRow = Omit<StaffLogEntry, 'at'> & { at: number };

/** How often a token's last use is written: a busy door would otherwise write on every scan. */
const LAST_USED_STEP_MS = 60_000;

const member = (row: StaffRow): StaffMember => ({
  id: row.id,
  name: row.name,
  role: row.role,
  createdAt: iso(row.created_at),
  createdBy: row.created_by,
  lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
  revokedBy: row.revoked_by,
});

/**
 * Adds a person with a token (its hash). Names are unique among people whose token works, since the
 * logs record the name: two "Anna"s could not be told apart.
 */
export function addStaff(
  sql: SqlStorage,
  input: { id: string; name: string; role: StaffRole; tokenHash: string; by: string; at: number },
): { kind: 'added'; member: StaffMember } | { kind: 'name_taken' } {
  const taken = sql
    .exec('SELECT 1 FROM staff WHERE name = ? COLLATE NOCASE AND revoked_at IS NULL', input.name)
    .toArray();
  if (taken.length > 0) return { kind: 'name_taken' };
  sql.exec(
    'INSERT INTO staff (id, name, role, token_hash, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?)',
    input.id,
    input.name,
    input.role,
    input.tokenHash,
    input.at,
    input.by,
  );
  return { kind: 'added', member: member(sql.exec<StaffRow>('SELECT * FROM staff WHERE id = ?', input.id).one()) };
}

/** Everyone who has or had a token, working tokens first, newest first. */
export function listStaff(sql: SqlStorage): StaffMember[] {
  return sql
    .exec<StaffRow>('SELECT * FROM staff ORDER BY revoked_at IS NOT NULL, created_at DESC, id DESC')
    .toArray()
    .map(member);
}

/** Revokes a token: from now on it is refused. A token revoked before stays as it was. */
export function revokeStaff(
  sql: SqlStorage,
  id: string,
  by: string,
  at: number,
): { kind: 'revoked'; member: StaffMember } | { kind: 'already_revoked'; member: StaffMember } | null {
  const row = sql.exec<StaffRow>('SELECT * FROM staff WHERE id = ?', id).toArray()[0];
  if (!row) return null;
  if (row.revoked_at !== null) return { kind: 'already_revoked', member: member(row) };
  sql.exec('UPDATE staff SET revoked_at = ?, revoked_by = ? WHERE id = ?', at, by, id);
  return { kind: 'revoked', member: member({ ...row, revoked_at: at, revoked_by: by }) };
}

/** The person a working token belongs to (by its hash), or null; notes the use at most once a minute. */
export function staffByToken(sql: SqlStorage, tokenHash: string, at: number): StaffIdentity | null {
  const row = sql
    .exec<StaffRow>('SELECT * FROM staff WHERE token_hash = ? AND revoked_at IS NULL', tokenHash)
    .toArray()[0];
  if (!row) return null;
  if (row.last_used_at === null || row.last_used_at < at - LAST_USED_STEP_MS) {
    sql.exec('UPDATE staff SET last_used_at = ? WHERE id = ?', at, row.id);
  }
  return { id: row.id, name: row.name, role: row.role, via: 'token' };
}

/** Appends one change to the staff log and drops entries older than two years (product decisions). */
export function logStaffChange(sql: SqlStorage, entry: Omit<StaffLogEntry, 'seq' | 'at'> & { at: number }): void {
  sql.exec('DELETE FROM staff_log WHERE at < ?', entry.at - STAFF_LOG_RETENTION_MS);
  sql.exec(
    'INSERT INTO staff_log (at, actor, role, method, path, status, detail) VALUES (?, ?, ?, ?, ?, ?, ?)',
    entry.at,
    entry.actor,
    entry.role,
    entry.method,
    entry.path,
    entry.status,
    entry.detail,
  );
}

/** The staff log, newest first, `limit` entries before `before` (a seq). */
export function staffLog(sql: SqlStorage, before: number | null, limit: number): StaffLogEntry[] {
  return sql
    .exec<LogRow>(
      'SELECT * FROM staff_log WHERE seq < ? ORDER BY seq DESC LIMIT ?',
      before ?? Number.MAX_SAFE_INTEGER,
      limit,
    )
    .toArray()
    .map((row) => ({ ...row, at: iso(row.at) }));
}
