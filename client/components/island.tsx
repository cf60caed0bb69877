import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { useTranslation } from 'react-i18next';
import type { IslandName, IslandStart } from '../islands';
import { IslandRoot } from './island-root';

/** What an island's component takes from its page: JSON, written into the page with it. */
export type IslandProps = Record<string, string | boolean | Record<string, string>>;

/**
 * Prerenders an island (client/islands.ts) in its own container, rendered as its own root so that
 * the browser can hydrate exactly this markup alone: `hydrateRoot` on the container with the same
 * tree (IslandRoot) and the same `identifierPrefix`, which keeps its ids apart from any other
 * island's on the page. Build time only: the browser never loads this module.
 */
export function Island<P extends IslandProps>({
  name,
  component: Component,
  props,
  start,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props?: P;
  start?: IslandStart;
}) {
  const { i18n } = useTranslation();
  // Unique and stable per island on the page: the page has one island per name and string props.
  const prefix = `${name}${
    props
      ? Object.values(props)
          .filter((value) => typeof value === 'string')
          .join('')
      : ''
  }-`;
  const html = renderToString(
    <IslandRoot i18n={i18n}>
      <Component {...(props ?? ({} as P))} />
    </IslandRoot>,
    { identifierPrefix: prefix },
  );
  return (
    <div
      className="island"
      data-island={name}
      data-island-id={prefix}
      data-props={props ? JSON.stringify(props) : undefined}
      data-start={start}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the island
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
