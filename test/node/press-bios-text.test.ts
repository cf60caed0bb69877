import { describe, expect, it } from 'vitest';
import { pressBiosPdf } from '../../worker/content/press-bios-pdf';
import { textOf } from '../support/pdf-text';

// The press kit's bios read back with pdf.js, as a journalist's viewer reads them: the published
// speakers' texts in the document's language, Polish where a translation is missing, markup as text.

const prose = (text: string) => text.replaceAll(' | ', ' ');

const speakers = (example = false) => [
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
];

describe("the press kit's bios as a viewer reads them", () => {
  it('gives the speaker in German, with the Polish bio where none is translated, markup as text', async () => {
    const text = prose(await textOf(await pressBiosPdf(speakers(), 'de', new Date('2027-06-01'))));
    expect(text).toContain('Speaker des Kongres AI Polska 2027');
    expect(text).toContain('Zofia Przykładowa');
    expect(text).toContain('Forscherin');
    expect(text).toContain('<b>Bada</b> agentów w urzędach.');
    expect(text).toContain('Themen: Agenten');
    expect(text).not.toContain('Beispielprofile');
  });

  it('says when the speakers are examples, and when nobody is published yet', async () => {
    const examples = prose(await textOf(await pressBiosPdf(speakers(true), 'pl', new Date('2027-06-01'))));
    expect(examples).toContain('To przykładowe sylwetki, a nie potwierdzone osoby.');
    const empty = prose(await textOf(await pressBiosPdf([], 'en-GB', new Date('2027-06-01'))));
    expect(empty).toContain('The list of speakers will be published on');
    expect(empty).not.toContain('Zofia');
  });
});
