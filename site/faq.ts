import type { PageId } from './pages';

/** Questions of the FAQ page, in order; each may point to the page where the visitor acts on it. */
export const FAQ_ITEMS = [
  { id: 'whenWhere', link: 'contact' },
  { id: 'date', link: 'program' },
  { id: 'online', link: 'tickets' },
  { id: 'onlineAccess', link: 'tickets' },
  { id: 'speaker', link: 'forSpeakers' },
  { id: 'certificate', link: null },
  { id: 'eCertificate', link: null },
] as const satisfies readonly { id: string; link: PageId | null }[];

export type FaqItemId = (typeof FAQ_ITEMS)[number]['id'];
