import { decode as decodePng } from 'fast-png';
import decodeQR from 'qr/decode.js';
import { describe, expect, it } from 'vitest';
import { EVENT, ORGANISER } from '../../site/event';
import type { LanguageCode } from '../../site/languages';
import { catalogue } from '../../worker/catalogues';
import { type ConfirmationInput, confirmationEmail, qrContentId } from '../../worker/email/confirmation';

const QR_CONTENT_ID = qrContentId(1);

import { signedTicketCode, ticketCode as signTicket } from '../../worker/tickets/code';

// Intl puts no-break and narrow no-break spaces in amounts and times; compare them as spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const YEAR = EVENT.date.slice(0, 4);

function input(
  lang: LanguageCode,
  overrides: Partial<ConfirmationInput['order']> & { product?: ConfirmationInput['tickets'][number]['product'] } = {},
): ConfirmationInput {
  const { product = 'online-premium', ...order } = overrides;
  return {
    order: {
      id: '01JCONFIRMATIONTEST0000000',
      code: 'K7-4821',
      net: 499_00,
      vat: 114_77,
      gross: 613_77,
      currency: 'PLN',
      email: 'ada@example.com',
      name: 'Ada',
      lang,
      paidAt: '2025-09-01T12:30:00Z',
      ...order,
    },
    tickets: [{ position: 1, product, name: null, code: 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345' }],
    orderUrl: `https://kongres.test/${lang.toLowerCase()}/kup-bilet/dziekujemy?order=01J&token=s3cret`,
    from: 'bilety@kongres.test',
  };
}

// British and American English write the product, the amounts and the invoice rows alike; only the
// on-site product's name and the time differ.
const ENGLISH = {
  product: 'Premium – online ticket',
  amounts: ['PLN 499.00', 'PLN 114.77', 'PLN 613.77'] as [string, string, string],
  labels: ['Net price', 'VAT 23%', 'Total paid (incl. VAT)', 'Invoice details'],
  invoice: {
    nip: 'NIP (Polish tax ID)',
    vatId: 'EU VAT number',
    person: 'Full name',
    poland: 'Poland',
    germany: 'Germany',
    next: 'The invoice is attached to this email (PDF); you can also download it as an XML file (KSeF) from your order page.',
  },
};

const CASES: {
  lang: LanguageCode;
  subject: string;
  product: string;
  onsite: string;
  amounts: [string, string, string];
  paidAt: string;
  labels: string[];
  /** The invoice rows' labels (a Polish NIP, an EU VAT number, a person's name), Poland's name, and the promise. */
  invoice: { nip: string; vatId: string; person: string; poland: string; germany: string; next: string };
}[] = [
  {
    lang: 'pl',
    subject: `Twój bilet na Kongres AI Polska ${YEAR} – zamówienie K7-4821`,
    product: 'Premium – bilet online',
    onsite: 'Pro – bilet na miejscu',
    amounts: ['499,00 zł', '114,77 zł', '613,77 zł'],
    paidAt: '1 września 2025 14:30',
    labels: ['Cena netto', 'VAT 23%', 'Zapłacono (brutto)', 'Dane do faktury'],
    invoice: {
      nip: 'NIP',
      vatId: 'Numer VAT UE',
      person: 'Imię i nazwisko',
      poland: 'Polska',
      germany: 'Niemcy',
      next: 'Faktura jest w załączniku tego e-maila (PDF); na stronie zamówienia pobierzesz ją też jako plik XML (KSeF).',
    },
  },
  {
    lang: 'en-GB',
    subject: `Your ticket for Kongres AI Polska ${YEAR} – order K7-4821`,
    onsite: 'Pro – on-site ticket',
    paidAt: '1 September 2025 at 14:30',
    ...ENGLISH,
  },
  {
    lang: 'en-US',
    subject: `Your ticket for Kongres AI Polska ${YEAR} – order K7-4821`,
    onsite: 'Pro – in-person ticket',
    paidAt: 'September 1, 2025 at 2:30 PM',
    ...ENGLISH,
  },
  {
    lang: 'de',
    subject: `Ihr Ticket für Kongres AI Polska ${YEAR} – Bestellung K7-4821`,
    product: 'Premium – Online-Ticket',
    onsite: 'Pro – Ticket vor Ort',
    amounts: ['499,00 PLN', '114,77 PLN', '613,77 PLN'],
    paidAt: '1. September 2025 um 14:30',
    labels: ['Nettopreis', 'MwSt. 23 %', 'Bezahlt (brutto)', 'Rechnungsdaten'],
    invoice: {
      nip: 'NIP (polnische Steuernummer)',
      vatId: 'USt-IdNr.',
      person: 'Vor- und Nachname',
      poland: 'Polen',
      germany: 'Deutschland',
      next: 'Die Rechnung finden Sie im Anhang dieser E-Mail (PDF); auf Ihrer Bestellseite können Sie sie auch als XML-Datei (KSeF) herunterladen.',
    },
  },
  {
    lang: 'es',
    subject: `Tu entrada para Kongres AI Polska ${YEAR} – pedido K7-4821`,
    product: 'Premium – entrada online',
    onsite: 'Pro – entrada presencial',
    amounts: ['499,00 PLN', '114,77 PLN', '613,77 PLN'],
    paidAt: '1 de septiembre de 2025, 14:30',
    labels: ['Precio sin IVA', 'IVA (23 %)', 'Total pagado (IVA incluido)', 'Datos de facturación'],
    invoice: {
      nip: 'NIP (número fiscal polaco)',
      vatId: 'NIF-IVA intracomunitario',
      person: 'Nombre y apellidos',
      poland: 'Polonia',
      germany: 'Alemania',
      next: 'La factura va adjunta a este correo (PDF); en la página de tu pedido también puedes descargarla como archivo XML (KSeF).',
    },
  },
];

const INVOICE = {
  name: 'Przykładowa Firma sp. z o.o.',
  taxId: '5260250274',
  street: 'ul. Testowa 1',
  postalCode: '00-001',
  city: 'Warszawa',
  country: 'PL',
};

describe.each(CASES)('the confirmation e-mail in $lang', (c) => {
  const mail = confirmationEmail(input(c.lang));
  const html = plain(mail.html);
  const text = plain(mail.text);

  it('goes from the configured sender to the buyer with the subject in the language', () => {
    expect(mail.from).toBe('bilety@kongres.test');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe(c.subject);
    expect(mail.html).toContain(`<html lang="${c.lang}">`);
  });

  it('names the order code, the product, net, VAT 23% and gross as the language writes amounts', () => {
    for (const body of [html, text]) {
      expect(body).toContain('K7-4821');
      expect(body).toContain(c.product);
      for (const amount of c.amounts) expect(body).toContain(amount);
      for (const label of c.labels.slice(0, 3)) expect(body).toContain(label);
      expect(body).toContain(c.paidAt);
    }
    expect(text).toContain(`${c.labels[0]}: ${c.amounts[0]}`);
    expect(text).toContain(`${c.labels[1]}: ${c.amounts[1]}`);
    expect(text).toContain(`${c.labels[2]}: ${c.amounts[2]}`);
  });

  it('shows the ticket code as text and the QR code as an inline image referenced by cid', () => {
    expect(text).toContain('ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345');
    expect(html).toContain('ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345');
    expect(html).toMatch(new RegExp(`<img src="cid:${QR_CONTENT_ID}" alt="[^"]*ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345"`));
    const qr = mail.attachments.find((a) => a.type === 'image/png');
    expect(qr).toMatchObject({ disposition: 'inline', contentId: QR_CONTENT_ID, filename: 'ticket-K7-4821.png' });
  });

  it('links the order page, escaped in HTML and as it is in the text', () => {
    const url = input(c.lang).orderUrl;
    expect(mail.html).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
    expect(mail.text).toContain(url);
  });

  it('says where and when (online here) and what happens next, with the organiser to ask', () => {
    expect(html).not.toContain(EVENT.venue.street);
    for (const body of [html, text]) {
      expect(body).toContain(ORGANISER.email);
      expect(body).toContain(ORGANISER.phone);
    }
  });

  it('lists the invoice details only when given: name, NIP, address and country', () => {
    expect(html).not.toContain(c.labels[3]);
    expect(text).not.toContain(c.invoice.next);
    const mail = confirmationEmail(input(c.lang, { invoice: INVOICE }));
    for (const body of [plain(mail.text), plain(mail.html)]) {
      expect(body).toContain(c.labels[3]);
      expect(body).toContain(INVOICE.name);
      expect(body).toContain('ul. Testowa 1, 00-001 Warszawa');
      expect(body).toContain(c.invoice.poland);
      expect(body).toContain(c.invoice.next);
    }
    expect(plain(mail.text)).toContain(`${c.invoice.nip}: ${INVOICE.taxId}`);
  });

  it("names an EU company's VAT number as such, and a private person's invoice has no tax number", () => {
    const eu = plain(
      confirmationEmail(
        input(c.lang, {
          invoice: { ...INVOICE, taxId: 'DE123456789', postalCode: '10115', city: 'Berlin', country: 'DE' },
        }),
      ).text,
    );
    expect(eu).toContain(`${c.invoice.vatId}: DE123456789`);
    expect(eu).toContain(c.invoice.germany);
    const { taxId: _, ...person } = { ...INVOICE, name: 'Ada Lovelace' };
    const personal = plain(confirmationEmail(input(c.lang, { invoice: person })).text);
    expect(personal).toContain(`${c.invoice.person}: Ada Lovelace`);
    expect(personal).not.toContain(`${c.invoice.nip}:`);
    expect(personal).not.toContain(INVOICE.taxId);
  });

  it('shows an invoice stored before addresses were structured: the address line alone', () => {
    const legacy = plain(
      confirmationEmail(
        input(c.lang, { invoice: { ...INVOICE, street: 'ul. Długa 1, 90-001 Łódź', postalCode: '', city: '' } }),
      ).text,
    );
    expect(legacy).toMatch(/: ul\. Długa 1, 90-001 Łódź\n/);
  });

  it('names an on-site ticket and the venue from site/event.ts', () => {
    const onsite = confirmationEmail(input(c.lang, { product: 'onsite-pro' }));
    expect(onsite.text).toContain(c.onsite);
    expect(onsite.text).toContain(`${EVENT.venue.name}, ${EVENT.venue.street}, ${EVENT.venue.postalCode}`);
  });

  it('promises the networking app only to a ticket whose plan includes it', () => {
    const app = catalogue('email', c.lang).confirmation.next.app;
    expect(confirmationEmail(input(c.lang, { product: 'online-premium' })).text).toContain(app);
    expect(confirmationEmail(input(c.lang, { product: 'online-vip' })).text).toContain(app);
    for (const product of ['online-standard', 'onsite-standard', 'onsite-pro', 'onsite-vip'] as const) {
      const mail = confirmationEmail(input(c.lang, { product }));
      expect(mail.text, product).not.toContain(app);
      expect(mail.html, product).not.toContain(app.slice(0, 20));
    }
  });

  it('attaches the event as an .ics on the date of site/event.ts, in the language', () => {
    const ics = mail.attachments.find((a) => a.type.startsWith('text/calendar'));
    expect(ics).toMatchObject({ disposition: 'attachment', filename: `kongres-ai-${YEAR}.ics` });
    const content = new TextDecoder().decode(ics?.content as Uint8Array);
    expect(content).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const compact = EVENT.date.replaceAll('-', '');
    expect(content).toContain(`DTSTART;TZID=${EVENT.timeZone}:${compact}T${EVENT.startTime.replace(':', '')}00`);
    expect(content).toContain(`DTEND;TZID=${EVENT.timeZone}:${compact}T${EVENT.endTime.replace(':', '')}00`);
    expect(content).toContain(`//${c.lang.toUpperCase()}\r\n`);
  });
});

describe('the QR code in the e-mail', () => {
  it('is a PNG that decodes back to the ticket code', async () => {
    const ticketCode = await signTicket('key', { id: '01KAAAAAAAAAAAAAAAAAAAAAAA', code: 'ABCD2345' });
    const mail = confirmationEmail({
      ...input('pl'),
      tickets: [{ position: 1, product: 'online-premium', name: null, code: ticketCode }],
    });
    const png = mail.attachments.find((a) => a.type === 'image/png')?.content as Uint8Array;
    expect(png.byteLength).toBeGreaterThan(0);
    const image = decodePng(png);
    expect(image.width).toBeGreaterThanOrEqual(200);
    expect(image.height).toBe(image.width);
    // The decoder reads RGBA; the PNG is one grey channel.
    const rgba = new Uint8Array(image.width * image.height * 4);
    for (const [i, grey] of image.data.entries()) rgba.set([grey, grey, grey, 255], i * 4);
    expect(decodeQR({ width: image.width, height: image.height, data: rgba })).toBe(ticketCode);
  });

  it("carries the ticket's Ed25519-signed code when it has one, the typed code staying in the text", async () => {
    const qrCode = await signedTicketCode('key', { code: 'ABCD2345', product: 'onsite-vip' });
    const mail = confirmationEmail({
      ...input('pl'),
      tickets: [{ position: 1, product: 'onsite-vip', name: null, code: 'ABCD-2345-K7QM-9XA0-B4DT', qrCode }],
    });
    const image = decodePng(mail.attachments.find((a) => a.type === 'image/png')?.content as Uint8Array);
    const rgba = new Uint8Array(image.width * image.height * 4);
    for (const [i, grey] of image.data.entries()) rgba.set([grey, grey, grey, 255], i * 4);
    expect(decodeQR({ width: image.width, height: image.height, data: rgba })).toBe(qrCode);
    expect(mail.text).toContain('ABCD-2345-K7QM-9XA0-B4DT');
  });
});

describe('user values in the e-mail', () => {
  const hostile = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
  const mail = confirmationEmail(
    input('en-GB', {
      name: hostile,
      invoice: {
        name: `Evil & Co ${hostile}`,
        taxId: '<b>1</b>',
        street: `</dd>${hostile}`,
        postalCode: '<i>',
        city: hostile,
        country: 'US',
      },
    }),
  );

  it('are escaped in the HTML (name, company, tax id, address)', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<b>1</b>');
    expect(mail.html).not.toContain('</dd><script');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Evil &amp; Co');
    expect(mail.html.match(/<img /g)).toHaveLength(1);
  });

  it('stay as they are in the plain text, where nothing is markup', () => {
    expect(mail.text).toContain(`Hello ${hostile},`);
  });

  it('fall back to a greeting without a name when there is none', () => {
    expect(confirmationEmail(input('es', { name: '  ' })).text).toMatch(/^¡Hola!\n/);
    expect(confirmationEmail(input('de', { name: undefined })).text).toMatch(/^Guten Tag,\n/);
  });

  it('refuse an order link that is not absolute', () => {
    expect(() => confirmationEmail({ ...input('pl'), orderUrl: 'javascript:alert(1)' })).toThrow();
  });
});

describe('the confirmation e-mail looks like the brand', () => {
  const mail = confirmationEmail(input('pl', { name: 'Ada Lovelace' }));

  it('opens with the congress name as text, so the logo reads without images', () => {
    const band = mail.html.indexOf('Kongres <span');
    expect(band).toBeGreaterThan(0);
    expect(band).toBeLessThan(mail.html.indexOf('<main'));
    expect(mail.html.match(/<img /g)).toHaveLength(1);
  });

  it('puts the ticket first: the holder, the QR code and its code before the order', () => {
    const qr = mail.html.indexOf(`cid:${QR_CONTENT_ID}`);
    expect(mail.html.indexOf('Ada Lovelace')).toBeLessThan(qr);
    expect(qr).toBeLessThan(mail.html.indexOf('>Zamówienie</h2>'));
    expect(qr).toBeLessThan(mail.html.indexOf('K7-4821', mail.html.indexOf('<main')));
    expect(mail.text.indexOf('Na nazwisko: Ada Lovelace')).toBeLessThan(mail.text.indexOf('K7-4821'));
  });

  it('names the buyer’s e-mail as the holder when there is no name', () => {
    const noName = confirmationEmail(input('en-GB', { name: undefined }));
    expect(noName.text).toContain('Ticket holder: ada@example.com');
  });

  it('reads in dark mode and keeps the QR code on white there', () => {
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(mail.html).toMatch(/@media \(prefers-color-scheme:dark\)\{[\s\S]*\.mail-ticket[^}]*background:#ffffff/);
  });
});
