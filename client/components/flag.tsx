import type { Language } from '../../site/languages';

/**
 * A small flag for a language option; decorative, the label carries the meaning. Drawn by the
 * stylesheet (`.flag--pl` … in shell.css: stripes as gradients, the Union Flag as a small SVG), so
 * the six flags of every page's language picker cost the page's HTML a few bytes each instead of
 * an inline drawing (about 300 B of gzip, in pages that must fit TCP's first window), and no image
 * request.
 */
export function Flag({ country }: { country: Language['flag'] }) {
  return <span className={`flag flag--${country}`} aria-hidden="true" />;
}
