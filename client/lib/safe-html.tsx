import { createElement, Fragment, type ReactNode } from 'react';

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

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === 3) return node.textContent;
  if (node.nodeType !== 1) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = [...element.childNodes].map(convert);
  if (!ALLOWED.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'br') return createElement('br', { key });
  const props: Record<string, string | number | undefined> = { key };
  if (tag === 'a') {
    props.href = safeHref(element.getAttribute('href'));
    if (props.href?.startsWith('https:')) props.rel = 'noopener noreferrer';
  }
  return createElement(tag, props, ...children);
}

/**
 * Markup from outside the bundle (the footer service, HTML in a catalogue) as React elements
 * through an allowlist: no attribute but a checked href survives, so no script can run.
 * Needs a DOM (DOMParser), so call it in the browser, or pass `parse` in tests.
 */
export function safeHtml(html: string, parse: (html: string) => Document = defaultParse): ReactNode[] {
  const doc = parse(html);
  return [...doc.body.childNodes].map(convert);
}

function defaultParse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}
