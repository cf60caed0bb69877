// The ticket page and the order page as the worker serves them, written at build time with samples
// (scripts/prerender.ts lays them out for their first-screen rules and judges their size by them):
// the same places and the same encoding as worker/ticket-page.ts and worker/thanks-page.ts. A
// frame without the place fails the build, rather than lay out a page the worker never serves.

/** The built ticket page with a ticket written in, as worker/ticket-page.ts `withTicket` writes it. */
export function ticketPageWritten(frame: string, ticket: string): string {
  const at = /(<div data-ticket-page="">)[\s\S]*?(<\/div><\/main>)/;
  if (!at.test(frame)) throw new Error('the built ticket page has no [data-ticket-page]');
  return frame.replace(at, (_, open: string, close: string) => `${open}${ticket}${close}`);
}

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };
const ISLAND =
  /(<div class="island" data-island="order" data-island-id="order-" data-props=")([^"]*)(" data-start="at-load">)[\s\S]*?(<\/div><\/main>)/;

/** The built order page's island props, as worker/thanks-page.ts reads them. */
export function islandProps(frame: string): Record<string, unknown> {
  const found = frame.match(ISLAND);
  if (!found?.[2]) throw new Error('the built order page has no order island');
  return JSON.parse(found[2].replace(/&(?:quot|#x27|lt|gt|amp);/g, (e) => ENTITIES[e] ?? e));
}

/** The built order page with an order written in, as worker/thanks-page.ts `withOrder` writes it: props and island. */
export function orderPageWritten(frame: string, island: string, props: Record<string, unknown>): string {
  // HTMLRewriter writes an attribute with its quotes escaped; `&` is escaped by the worker itself.
  const source = JSON.stringify(props).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  if (!ISLAND.test(frame)) throw new Error('the built order page has no order island');
  return frame.replace(
    ISLAND,
    (_, open: string, _props: string, start: string, close: string) => `${open}${source}${start}${island}${close}`,
  );
}
