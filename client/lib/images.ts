/**
 * The site's drawings and portraits (client/images/), by file name, as Vite builds them. Each is
 * smaller than Vite's `assetsInlineLimit` (4 KB) and so goes into the page itself as a data URL:
 * no request competes with the page's first paint. A bigger picture (a real photo) belongs in
 * public/images/ and is referred to by its path.
 */
const IMAGES = import.meta.glob<string>('../images/*', { eager: true, import: 'default' });

export function imageUrl(file: string): string {
  const url = IMAGES[`../images/${file}`];
  if (!url) throw new Error(`No image ${file} in client/images/`);
  if (!import.meta.env.DEV && !url.startsWith('data:'))
    throw new Error(`${file} is too big to go into the page; put it in public/images/`);
  return url;
}

const DRAWINGS = import.meta.glob<string>('../images/*.svg', { eager: true, import: 'default', query: '?raw' });

/**
 * A drawing of client/images/ as its own SVG markup, to be put in the page as an element: unlike
 * an image (even a data URL) it is drawn with the page, with no load of its own. The files are the
 * site's own, and their ids are unique across them (a test checks), so several can share a page.
 * Undefined for anything else (a photo in public/images/).
 */
export const drawing = (file: string): string | undefined => DRAWINGS[`../images/${file}`];
