import { describe, expect, it } from 'vitest';
import { certificatePdf } from '../../worker/certificates/pdf';
import { open, qrOnFirstPage, textOf } from '../support/pdf-text';

// A certificate of attendance read back with pdf.js, as a viewer reads it: the holder, the event,
// its date, hours and length, the verification number and the check page's address, in the
// ticket's language; and the QR code drawn on it decodes to that address.

const FACTS = {
  holder: 'Łucja Żak-Wiśniewska',
  mode: 'onsite' as const,
  id: '7K2M-9QXD-4TRA-B8ZE',
  issuedAt: '2027-05-27T20:00:00Z',
};
const URL_PL = 'https://kongres-ai.pl/pl/certyfikat/7K2M-9QXD-4TRA-B8ZE';

describe('a certificate in Polish', async () => {
  const bytes = await certificatePdf(FACTS, 'pl', URL_PL);
  const text = await textOf(bytes);

  it('names the holder, how they took part and the event with its date, hours and length', () => {
    expect(text).toContain('Certyfikat uczestnictwa');
    expect(text).toContain('Łucja Żak-Wiśniewska');
    expect(text).toContain('uczestniczył(a) na miejscu w wydarzeniu');
    expect(text).toMatch(/Kongres AI Polska \d{4}/);
    expect(text).toMatch(/\d{1,2} \p{L}+ \d{4}, 10:00–21:00 \(11 godzin\)/u);
  });

  it('carries the verification number and the check page, also as a QR code', async () => {
    expect(text).toContain('Numer weryfikacyjny: 7K2M-9QXD-4TRA-B8ZE');
    expect(text).toContain(`Sprawdź autentyczność: ${URL_PL}`);
    expect(await qrOnFirstPage(bytes)).toBe(URL_PL);
  });

  it('is one page', async () => {
    expect((await open(bytes)).numPages).toBe(1);
  });
});

describe('in the other languages', () => {
  it('is in German for a German order, online', async () => {
    const text = await textOf(await certificatePdf({ ...FACTS, mode: 'online' }, 'de', URL_PL));
    expect(text).toContain('Teilnahmebescheinigung');
    expect(text).toContain('online teilgenommen hat an');
    expect(text).toContain('(11 Stunden)');
    expect(text).toContain('Prüfnummer: 7K2M-9QXD-4TRA-B8ZE');
  });

  it('says 12-hour times in US English', async () => {
    const text = await textOf(await certificatePdf(FACTS, 'en-US', URL_PL));
    expect(text).toContain('Certificate of attendance');
    expect(text).toMatch(/10:00\s?AM–9:00\s?PM \(11 hours\)/);
  });

  it('names a participant without a name as such', async () => {
    const text = await textOf(await certificatePdf({ ...FACTS, holder: null }, 'es', URL_PL));
    expect(text).toContain('Participante del congreso');
    expect(text).toContain('(11 horas)');
  });
});
