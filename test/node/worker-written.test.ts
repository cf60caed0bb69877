import { describe, expect, it } from 'vitest';
import { islandProps, orderPageWritten, ticketPageWritten } from '../../scripts/worker-written';
import { type KnownOrder, withoutImages } from '../../site/order-view';
import { qrMatrix, qrPngDataUrl } from '../../site/qr';
import { qrPngModules } from '../support/qr-png';

// The build lays out the ticket and order pages with samples written where the worker writes them
// (scripts/prerender.ts): the frames below have the built pages' shape (dist/client/pl/bilet,
// dist/client/pl/kup-bilet/dziekujemy).
const TICKET_FRAME =
  '<body><main id="main" tabindex="-1"><div data-ticket-page=""><section class="ticket-page container"><h1>Twój bilet</h1><p>Otwórz link</p></section></div></main><footer></footer></body>';
const built = { workshopTitles: { promptLab: 'Prompt & "RAG"' }, exampleAccount: true };
const attribute = JSON.stringify(built).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const ORDER_FRAME = `<body><main id="main" tabindex="-1"><div class="island" data-island="order" data-island-id="order-" data-props="${attribute}" data-start="at-load"><section class="thanks container"><h1>Dziękujemy</h1><p aria-live="polite">Wczytywanie</p></section></div></main><footer></footer></body>`;

describe('the pages the worker writes, written at build time', () => {
  it('puts the ticket into the ticket page where withTicket does, and only there', () => {
    const page = ticketPageWritten(TICKET_FRAME, '<div class="ticket-page container">TICKET</div>');
    expect(page).toContain(
      '<div data-ticket-page=""><div class="ticket-page container">TICKET</div></div></main><footer>',
    );
    expect(page).not.toContain('Otwórz link');
  });

  it('reads the order island’s built props and writes the order and its props back as withOrder does', () => {
    expect(islandProps(ORDER_FRAME)).toEqual(built);
    const props = { ...built, known: { kind: 'missing' } };
    const page = orderPageWritten(ORDER_FRAME, '<section class="thanks container">ORDER</section>', props);
    expect(page).toContain('data-start="at-load"><section class="thanks container">ORDER</section></div></main>');
    expect(page).not.toContain('Wczytywanie');
    expect(islandProps(page)).toEqual(props);
  });

  it('fails the build on a frame without the place the worker writes into', () => {
    expect(() => ticketPageWritten('<main></main>', 'x')).toThrow(/data-ticket-page/);
    expect(() => islandProps('<main></main>')).toThrow(/order island/);
    expect(() => orderPageWritten('<main></main>', 'x', {})).toThrow(/order island/);
  });
});

describe("the order page's QR codes, once each", () => {
  const signed = '4ZK7QM2A4'.padEnd(112, 'X7');

  it('draws a QR code as a 1-bit PNG of a pixel per module, a fraction of the SVG', () => {
    const url = qrPngDataUrl(signed);
    expect(url).toMatch(/^data:image\/png;base64,/);
    // Three of them within the first window: 450 characters each, where the SVG took 9-10 KB.
    expect(url.length).toBeLessThan(600);
    expect(qrPngModules(url)).toEqual(qrMatrix(signed));
  });

  it("writes the island's props without the images or what they encode, which its markup carries", () => {
    const ticket = { id: 'T1', qrCode: signed, code: 'ABCD' };
    const known = {
      kind: 'loaded',
      order: { id: 'O1', tickets: [ticket] },
      qr: { T1: qrPngDataUrl(signed) },
      links: { invoices: {}, proforma: null },
    } as unknown as KnownOrder;
    const props = JSON.stringify(withoutImages(known));
    expect(props).not.toContain('data:image');
    expect(props).not.toContain(signed);
    expect(withoutImages(known)).toMatchObject({
      order: { tickets: [{ id: 'T1', code: 'ABCD', qrCode: null }] },
      qr: {},
    });
    expect(withoutImages({ kind: 'missing' })).toEqual({ kind: 'missing' });
  });
});
