import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_BODY_LIMIT_BYTES,
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  contactFieldErrors,
  contactHref,
  findTopic,
  HONEYPOT_LIMIT,
} from '../../site/contact';
import { COOPERATION, COOPERATION_PAGE_IDS } from '../../site/cooperation';
import { LANGUAGES } from '../../site/languages';
import { PARTNER_PACKAGES } from '../../site/partners';
import { PRESS_DOWNLOADS, PRESS_PHOTOS } from '../../site/press';
import manifest from '../../site/press-files.json';
import { cancellationDeadline } from '../../site/terms';

const valid = { name: 'Anna', email: 'anna@example.com', subject: 'Temat', message: 'Treść' };

describe('contact rules', () => {
  it('accept a complete message', () => {
    expect(contactFieldErrors(valid)).toEqual({});
  });

  it.each([
    [{ name: '  ' }, { name: 'required' }],
    [{ email: 'anna@example' }, { email: 'invalid_email' }],
    [{ email: 'anna@@example.com' }, { email: 'invalid_email' }],
    [{ email: ' anna@example.com ' }, {}],
    [{ subject: 'x'.repeat(CONTACT_LIMITS.subject + 1) }, { subject: 'too_long' }],
    [{ message: ` ${'x'.repeat(CONTACT_LIMITS.message)} ` }, {}],
  ])('%o gives %o', (change, errors) => {
    expect(contactFieldErrors({ ...valid, ...change })).toEqual(errors);
  });

  it('let every valid message fit the body limit, whatever its characters', () => {
    const units = Object.values(CONTACT_LIMITS).reduce((a, b) => a + b, 0) + HONEYPOT_LIMIT;
    // Three UTF-8 bytes per UTF-16 unit at most, plus the JSON keys and punctuation.
    expect(units * 3 + 200).toBeLessThanOrEqual(CONTACT_BODY_LIMIT_BYTES);
  });

  it('preset subjects only from the known topics, ignoring case', () => {
    expect(findTopic('Wystawca')).toBe('wystawca');
    expect(findTopic('expo')).toBeUndefined();
    expect(findTopic(null)).toBeUndefined();
    expect(contactHref('en-GB', 'media')).toBe('/en-gb/kontakt?temat=media');
  });

  it('give each cooperation page its own topic', () => {
    const topics = COOPERATION_PAGE_IDS.map((id) => COOPERATION[id].topic);
    expect(new Set(topics).size).toBe(topics.length);
    for (const topic of topics) expect(CONTACT_TOPICS).toContain(topic);
  });
});

describe('terms and packages', () => {
  it('end the cancellation period 14 days before the event', () => {
    expect(cancellationDeadline('2027-10-23')).toBe('2027-10-09');
    expect(cancellationDeadline('2025-03-05', 14)).toBe('2025-02-19');
  });

  it('hold the Silver, Gold and Platinum packages of the spec', () => {
    expect(PARTNER_PACKAGES.map((p) => [p.tier, p.boothM2, p.talks, p.features.length])).toEqual([
      ['silver', 6, 2, 1],
      ['gold', 12, 4, 2],
      ['platinum', 24, 6, 3],
    ]);
  });
});

describe('press kit', () => {
  const files = manifest.files as Record<string, number>;
  const onDisk: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else onDisk[`/${path.slice('public/'.length)}`] = statSync(path).size;
    }
  };
  walk('public/press');

  it('has a manifest whose sizes match the files (rerun scripts/press-kit.mjs after a change)', () => {
    expect(files).toEqual(onDisk);
  });

  it('has every offered file in every language', () => {
    for (const lang of LANGUAGES) {
      for (const download of PRESS_DOWNLOADS.filter((d) => !d.fromStore))
        expect(files, download.path(lang.code)).toHaveProperty([download.path(lang.code)]);
      // The bios follow what is published: the worker makes them (test/worker/content-feeds.test.ts).
      for (const download of PRESS_DOWNLOADS.filter((d) => d.fromStore))
        expect(files, download.path(lang.code)).not.toHaveProperty([download.path(lang.code)]);
    }
    for (const photo of PRESS_PHOTOS) {
      expect(files).toHaveProperty([photo.full]);
      expect(files).toHaveProperty([photo.thumb]);
    }
  });
});
