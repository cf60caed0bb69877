import { describe, expect, it } from 'vitest';
import { pressBiosPdf } from '../../worker/content/press-bios';
import type { PublishedContent } from '../../worker/content/store';
import type { Bindings } from '../../worker/env';
import { textOf } from '../support/pdf-text';

// The press kit's bios read back with pdf.js, as a journalist's viewer reads them: the published
// speakers' texts in the document's language, Polish where a translation is missing, markup as text.

const NO_IMAGES = { CONTENT_IMAGES: { get: async () => null } } as unknown as Bindings;
const prose = (text: string) => text.replaceAll(' | ', ' ');

const content = (example = false): PublishedContent => ({
  speakers: [
    {
      id: 'nowa-osoba',
      example,
      name: 'Zofia Przykładowa',
      image: null,
      links: {},
      texts: {
        pl: { role: 'Badaczka', bio: '<b>Bada</b> agentów w urzędach.', topics: ['Agenci'] },
        de: { role: 'Forscherin', topics: ['Agenten'] },
      },
    },
  ],
  sessions: [],
  workshops: [],
  exhibitors: [],
  partners: [],
});

describe("the press kit's bios as a viewer reads them", () => {
  it('gives the speaker in German, with the Polish bio where none is translated, markup as text', async () => {
    const text = prose(await textOf(await pressBiosPdf(NO_IMAGES, content(), 'de', new Date('2027-06-01'))));
    expect(text).toContain('Speaker des Kongres AI Polska 2027');
    expect(text).toContain('Zofia Przykładowa');
    expect(text).toContain('Forscherin');
    expect(text).toContain('<b>Bada</b> agentów w urzędach.');
    expect(text).toContain('Themen: Agenten');
    expect(text).not.toContain('Beispielprofile');
  });

  it('says when the speakers are examples, and when nobody is published yet', async () => {
    const examples = prose(await textOf(await pressBiosPdf(NO_IMAGES, content(true), 'pl', new Date('2027-06-01'))));
    expect(examples).toContain('To przykładowe sylwetki, a nie potwierdzone osoby.');
    const empty = prose(
      await textOf(await pressBiosPdf(NO_IMAGES, { ...content(), speakers: [] }, 'en-GB', new Date('2027-06-01'))),
    );
    expect(empty).toContain('The list of speakers will be published on');
    expect(empty).not.toContain('Zofia');
  });
});
