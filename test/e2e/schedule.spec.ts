import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import addFormats from 'ajv-formats';
import { xmllint } from '../support/xmllint';
import { expect, test } from './helpers';

// The programme exports against the c3voc format's own schema and XSD (test/vendor/c3voc-schedule,
// from voc/schedule `validator/`), as conference apps read them.
const VENDOR = 'test/vendor/c3voc-schedule';

test.describe('programme exports', () => {
  for (const lang of ['pl', 'en-gb', 'en-us', 'de', 'es']) {
    test(`/schedule.json?lang=${lang} validates against the c3voc schedule schema`, async ({ request }) => {
      const res = await request.get(`/schedule.json?lang=${lang}`);
      expect(res.status()).toBe(200);
      const ajv = new Ajv({ strict: false, allErrors: true });
      ajv.addMetaSchema(draft06);
      addFormats.default(ajv);
      // The schema names a format of its own for colours; the export has none.
      ajv.addFormat('color', /^#[0-9a-fA-F]{6}$/);
      const validate = ajv.compile(JSON.parse(readFileSync(`${VENDOR}/schema.json`, 'utf8')));
      const body = await res.json();
      expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
      const events = Object.values(body.schedule.conference.days[0].rooms).flat() as Record<string, unknown>[];
      expect(events.length).toBeGreaterThan(0);
      // The validator bites: an event without its guid is refused.
      delete events[0]?.guid;
      expect(validate(body)).toBe(false);
    });

    test(`/schedule.xml?lang=${lang} validates against the c3voc schedule XSD`, async ({ request }) => {
      const res = await request.get(`/schedule.xml?lang=${lang}`);
      expect(res.status()).toBe(200);
      const file = join(mkdtempSync(join(tmpdir(), 'schedule-')), 'schedule.xml');
      writeFileSync(file, await res.body());
      const run = spawnSync(xmllint(), ['--noout', '--nonet', '--schema', `${VENDOR}/schedule.xml.xsd`, file], {
        encoding: 'utf8',
      });
      expect(run.stderr).toContain('validates');
      expect(run.status, run.stderr).toBe(0);
    });
  }

  test('the programme page links both exports in its language', async ({ page }) => {
    await page.goto('/de/program');
    await expect(page.getByRole('link', { name: 'Programm als JSON' })).toHaveAttribute(
      'href',
      '/schedule.json?lang=de',
    );
    await expect(page.getByRole('link', { name: 'Programm als XML' })).toHaveAttribute('href', '/schedule.xml?lang=de');
  });
});
