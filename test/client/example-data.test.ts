import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONGRESS_PROFILES, ORGANISER } from '../../site/event';
import { EXAMPLE_DATA, pendingExamples } from '../../site/example-data';
import { SPEAKERS } from '../../site/speakers';

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** Whether a Polish tax id (NIP) passes its checksum, as the tax office's validation does. */
function nipChecksumPasses(nip: string): boolean {
  const digits = nip.replace(/\D/g, '').split('').map(Number);
  if (digits.length !== 10) return false;
  const sum = NIP_WEIGHTS.reduce((total, weight, i) => total + weight * (digits[i] ?? 0), 0);
  return sum % 11 === digits[9];
}

// Area codes of the Polish numbering plan in use for fixed lines, mobiles and services (UKE).
const ASSIGNED_AREA_CODES = new Set([
  ...[12, 13, 14, 15, 16, 17, 18, 22, 23, 24, 25, 26, 29, 32, 33, 34, 39, 41, 42, 43, 44, 45, 46, 47, 48],
  ...[50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74],
  ...[75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 94, 95],
]);

describe('example data', () => {
  it('passes the NIP checksum for a real tax id and fails it for the example organiser, whatever its last digit', () => {
    expect(nipChecksumPasses('1234563218')).toBe(true);
    expect(nipChecksumPasses(ORGANISER.taxId)).toBe(false);
    const first9 = ORGANISER.taxId.replace(/\D/g, '').slice(0, 9);
    for (let last = 0; last <= 9; last++) expect(nipChecksumPasses(`${first9}${last}`)).toBe(false);
  });

  it('gives the example organiser a phone number outside every assigned Polish area code', () => {
    const national = ORGANISER.phone.replace(/^\+48/, '').replace(/\D/g, '');
    expect(national).toHaveLength(9);
    expect(ASSIGNED_AREA_CODES.has(Number(national.slice(0, 2)))).toBe(false);
  });

  it('links example speakers only to the congress profiles', () => {
    expect(EXAMPLE_DATA.speakers.example).toBe(true);
    for (const s of SPEAKERS) expect([s.linkedin, s.x]).toEqual([CONGRESS_PROFILES.linkedin, CONGRESS_PROFILES.x]);
  });

  it('lists what is still an example, with where to fill it in', () => {
    const pending = pendingExamples();
    expect(pending.map((p) => p.id)).toEqual(['organiser', 'accessibility', 'travel']);
    for (const p of pending) expect(p.where).toMatch(/site\//);
  });

  it('refuses a production deploy check while example data remains, naming what to fill in', () => {
    // An empty local store: only site/'s own examples are in question here.
    const store = { CONTENT_STORE: 'local', PERSIST_DIR: join(tmpdir(), 'content-store-none') };
    const run = spawnSync('node', ['scripts/check-deploy.mjs', '--env', 'production'], {
      encoding: 'utf8',
      env: { ...process.env, ...store },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('production refused');
    expect(run.stderr).toContain('site/event.ts ORGANISER');
    expect(run.stderr).toContain('tax id (NIP)');
    const viaEnv = spawnSync('node', ['scripts/check-deploy.mjs'], {
      encoding: 'utf8',
      env: { ...process.env, ...store, CLOUDFLARE_ENV: 'production' },
    });
    expect(viaEnv.status).toBe(1);
  }, 120_000);

  it('asks the content store whether a published record is still an example, and names it', () => {
    // A local store as the worker leaves it: its migrations applied, one seeded example published.
    const state = mkdtempSync(join(tmpdir(), 'content-store-'));
    const sql = join(state, 'store.sql');
    writeFileSync(
      sql,
      `${readFileSync('worker/content/migrations/0001_content.sql', 'utf8')}
      INSERT INTO content_records (kind, id, version, draft, published, published_version, example, created_at, updated_at, updated_by)
      VALUES ('speakers', 'ewaLisowska', 1, '{}', '{}', 1, 1, 0, 0, 'seed'), ('speakers', 'real-person', 1, '{}', '{}', 1, 0, 0, 0, 'organiser');`,
    );
    try {
      const made = spawnSync(
        'npx',
        ['wrangler', 'd1', 'execute', 'CONTENT_DB', '--local', '--persist-to', state, '--file', sql],
        { encoding: 'utf8' },
      );
      expect(made.status).toBe(0);
      const run = spawnSync('node', ['scripts/check-deploy.mjs', '--env', 'production'], {
        encoding: 'utf8',
        env: { ...process.env, CONTENT_STORE: 'local', PERSIST_DIR: state },
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('the content store publishes example records');
      expect(run.stderr).toContain('speakers/ewaLisowska');
      expect(run.stderr).not.toContain('real-person');
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  }, 120_000);
});
