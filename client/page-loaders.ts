import type { ComponentType } from 'react';
import type { PageId } from '../site/pages';

type PageModule = { default: ComponentType };

// Route-level code splitting: each page is its own chunk, loaded before it is shown.
const loaders: Record<PageId, () => Promise<PageModule>> = {
  home: () => import('./pages/home'),
  program: () => import('./pages/program'),
  missAi: () => import('./pages/miss-ai'),
  misterAi: () => import('./pages/mister-ai'),
  roastAi: () => import('./pages/roast-ai'),
  promptAwards: () => import('./pages/prompt-awards'),
  speakers: () => import('./pages/speakers'),
  expo: () => import('./pages/expo'),
  zones: () => import('./pages/zones'),
  workshops: () => import('./pages/workshops'),
  forExhibitors: () => import('./pages/for-exhibitors'),
  forSpeakers: () => import('./pages/for-speakers'),
  forPartners: () => import('./pages/for-partners'),
  forSponsors: () => import('./pages/for-sponsors'),
  careers: () => import('./pages/careers'),
  contact: () => import('./pages/contact'),
  faq: () => import('./pages/faq'),
  privacy: () => import('./pages/privacy'),
  terms: () => import('./pages/terms'),
  press: () => import('./pages/press'),
  becomePartner: () => import('./pages/become-partner'),
  tickets: () => import('./pages/tickets'),
  thanks: () => import('./pages/thanks'),
};

const components = new Map<PageId, ComponentType>();

/** Loads a page's component once; afterwards `pageComponent` returns it synchronously. */
export async function loadPage(id: PageId): Promise<ComponentType> {
  const known = components.get(id);
  if (known) return known;
  const { default: component } = await loaders[id]();
  components.set(id, component);
  return component;
}

/** The component of a page loaded by `loadPage`. */
export function pageComponent(id: PageId): ComponentType {
  const component = components.get(id);
  if (!component) throw new Error(`Page ${id} rendered before it was loaded`);
  return component;
}
