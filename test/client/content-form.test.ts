import { describe, expect, it } from 'vitest';
import { bodyOf, controlsOf, errorsByControl, formOf, idFrom, missingIn } from '../../client/admin/content-form';
import { warsawInstant, warsawLocal } from '../../client/admin/warsaw-time';

describe('a publication moment typed in Warsaw time', () => {
  it('is the instant with the summer offset in September and the winter one in December', () => {
    expect(warsawInstant('2027-09-01T00:00')).toBe('2027-09-01T00:00:00+02:00');
    expect(warsawInstant('2027-12-24T18:30')).toBe('2027-12-24T18:30:00+01:00');
    expect(Date.parse(warsawInstant('2027-09-01T00:00') ?? '')).toBe(Date.parse('2027-08-31T22:00:00Z'));
  });

  it('takes the offset of the day the clocks change back, either side of the change', () => {
    expect(warsawInstant('2027-10-31T01:30')).toBe('2027-10-31T01:30:00+02:00');
    expect(warsawInstant('2027-10-31T04:00')).toBe('2027-10-31T04:00:00+01:00');
  });

  it('is nothing for what is not a date and time', () => {
    expect(warsawInstant('')).toBeNull();
    expect(warsawInstant('1 września')).toBeNull();
  });

  it('reads back as the same wall-clock time', () => {
    expect(warsawLocal(Date.parse('2027-08-31T22:00:00Z'))).toBe('2027-09-01T00:00');
    expect(warsawLocal(Date.parse('2027-12-24T17:30:00Z'))).toBe('2027-12-24T18:30');
  });
});

describe("the editor's form of a record", () => {
  const draft = {
    name: 'Ola Testowa',
    image: null,
    links: { x: 'https://x.com/kongres' },
    texts: { pl: { role: 'Inżynierka', bio: 'Bio.', topics: ['Dane', 'Etyka'] }, de: { role: 'Ingenieurin' } },
  };

  it('sends back what it loaded, lists as one entry per line', () => {
    const form = formOf('speakers', draft);
    expect(form.values['texts.pl.topics']).toBe('Dane\nEtyka');
    // The same record, field for field (a deep comparison with the draft it loaded).
    expect(bodyOf('speakers', form)).toEqual(draft);
  });

  it('leaves out an empty translation, so the pages fall back to Polish, but always sends the Polish fields', () => {
    const form = formOf('speakers', null);
    form.values['texts.de.bio'] = '   ';
    const body = bodyOf('speakers', form) as { texts: Record<string, unknown> };
    expect(body.texts).toEqual({ pl: { role: '', bio: '', topics: [] } });
  });

  it('names the texts a language misses where Polish has them', () => {
    const form = formOf('speakers', draft);
    expect(missingIn('speakers', form.values, 'de')).toEqual(['bio', 'topics']);
    expect(missingIn('speakers', form.values, 'pl')).toEqual([]);
  });

  it("sends a session's speakers in the order they were ticked and no seats as null", () => {
    const form = formOf('sessions', null);
    form.speakers = ['tomaszGajda', 'ewaLisowska'];
    expect(bodyOf('sessions', form)).toMatchObject({
      speakers: ['tomaszGajda', 'ewaLisowska'],
      seats: null,
      room: 'mainHall',
    });
  });

  it("sends an exhibitor's demo only when a time is given", () => {
    const form = formOf('exhibitors', null);
    expect(bodyOf('exhibitors', form)).toMatchObject({ demo: null, link: null, logo: null });
    form.values['demo.start'] = '11:00';
    expect(bodyOf('exhibitors', form)).toMatchObject({ demo: { start: '11:00', end: '' } });
  });
});

describe("the API's field errors", () => {
  it('land beside the control they belong to, the rest on the form', () => {
    const errors = errorsByControl(
      {
        'texts.pl.bio': 'required',
        'texts.de.topics.2': 'too_long',
        'speakers.1': 'unknown_speaker',
        end: 'end_before_start',
        '(body)': 'invalid_type',
      },
      controlsOf('sessions').concat(controlsOf('speakers')),
    );
    expect(errors).toEqual({
      'texts.pl.bio': 'required',
      'texts.de.topics': 'too_long',
      speakers: 'unknown_speaker',
      end: 'end_before_start',
      '': 'invalid_type',
    });
  });

  it("put an exhibitor's demo refused as a whole beside its start", () => {
    expect(errorsByControl({ demo: 'invalid_type' }, controlsOf('exhibitors'))).toEqual({
      'demo.start': 'invalid_type',
    });
  });
});

describe('names made fit for the API', () => {
  it('a new id from a Polish name', () => {
    expect(idFrom('Łucja Żółkiewska-Nowak')).toBe('lucja-zolkiewska-nowak');
    expect(idFrom('  AI & Ty: 2027 ')).toBe('ai-ty-2027');
  });
});
