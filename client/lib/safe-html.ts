/** Elements that markup from the footer service or a catalogue may use; anything else is unwrapped or dropped. */
const ALLOWED = new Set(['a', 'b', 'br', 'em', 'i', 'p', 'small', 'span', 'strong']);
/** Elements whose content is dropped with them. */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math']);

/** Only same-site paths, https, mailto and tel links survive. */
export function safeHref(value: string | null): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\/(?![/\\])/.test(trimmed)) return trimmed;
  return /^(https:|mailto:|tel:)/i.test(trimmed) ? trimmed : undefined;
}

function convert(node: Node, doc: Document): Node[] {
  if (node.nodeType === 3) return [doc.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== 1) return [];
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return [];
  const children = [...element.childNodes].flatMap((child) => convert(child, doc));
  if (!ALLOWED.has(tag)) return children;
  // A new element: no attribute of the source survives but a checked href.
  const copy = doc.createElement(tag);
  const href = tag === 'a' ? safeHref(element.getAttribute('href')) : undefined;
  if (href) copy.setAttribute('href', href);
  if (href?.startsWith('https:')) copy.setAttribute('rel', 'noopener noreferrer');
  if (tag !== 'br') copy.append(...children);
  return [copy];
}

/**
 * Markup from outside the page (the footer service, HTML in a catalogue) as new nodes of `doc`
 * through an allowlist: the markup is parsed into an inert document (no script runs, no image
 * loads), and only allowed elements with a checked href are rebuilt, so no script can run.
 */
export function safeNodes(html: string, doc: Document = document): Node[] {
  const parsed = new (doc.defaultView ?? window).DOMParser().parseFromString(html, 'text/html');
  return [...parsed.body.childNodes].flatMap((node) => convert(node, doc));
}
