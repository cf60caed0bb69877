// The bench's anchor pages (scripts/bench.mjs, scripts/tap-variants.mjs): what a bare page and a
// bare control cost on this machine, at this moment, measured beside the site's.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

// The anchors are static files written into the built assets folder, so the same wrangler serves
// them through the same assets layer, on the same origin and loopback connection, with the same
// headers as the site's static pages: a separate little server would have its own process, its
// own sockets and its own scheduling on a busy machine, and a different origin would cost the
// browser a connection of its own, so the comparison would carry the difference of two servers.
// They exist only for the bench run (removed when it ends; `vite build` empties dist/ anyway).
export const ANCHOR_DIR = 'dist/client/bench-anchors';
/** The anchor pages by name, and where the bench finds them. */
export const ANCHOR_PAGES = {
  bare: '/bench-anchors/bare',
  styled: '/bench-anchors/styled',
  controls: '/bench-anchors/controls',
};

export function writeAnchors() {
  const built = readFileSync('dist/client/pl/program/index.html', 'utf8');
  const stylesheet = built.match(/<link rel="stylesheet"[^>]*>/)?.[0];
  if (!stylesheet) throw new Error('no stylesheet link in the built /pl/program page');
  const page = (head, body) =>
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>Bench anchor</title>\n${head}</head>\n<body>\n${body}\n</body>\n</html>\n`;
  const text =
    '<h1>AI Congress 2027</h1>\n<p>The congress of artificial intelligence: talks, workshops, the expo and the evening shows in one day, on site and online.</p>';
  const files = {
    bare: page('', text),
    styled: page(`${stylesheet}\n`, `<main>\n${text}\n</main>`),
    controls: page(
      '',
      `${text}\n<details><summary>What is the congress?</summary><p>A day of talks and workshops.</p></details>\n<button type="button" commandfor="anchor-dialog" command="show-modal">Open the dialog</button>\n<dialog id="anchor-dialog"><p>A dialog.</p></dialog>`,
    ),
  };
  for (const [name, html] of Object.entries(files)) {
    mkdirSync(`${ANCHOR_DIR}/${name}`, { recursive: true });
    writeFileSync(`${ANCHOR_DIR}/${name}/index.html`, html);
  }
}
