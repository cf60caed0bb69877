import type { PageId } from './pages';

/**
 * The one set of questions and answers (texts in the `faq` catalogue under `items.<id>`), grouped
 * as the FAQ page shows them; each may point to the page where the visitor acts on it. The home
 * page shows a selection of the same items, so the two pages cannot disagree.
 */
export const FAQ_GROUPS = [
  {
    id: 'tickets',
    items: [
      { id: 'oneDayTicket', link: 'tickets' },
      { id: 'workshopsIncluded', link: 'workshops' },
      { id: 'cancellation', link: 'terms' },
      { id: 'certificate', link: null },
      { id: 'eCertificate', link: null },
    ],
  },
  {
    id: 'venue',
    items: [
      { id: 'whenWhere', link: 'program' },
      { id: 'date', link: 'program' },
      { id: 'whatToBring', link: null },
      { id: 'networking', link: 'expo' },
    ],
  },
  {
    id: 'online',
    items: [
      { id: 'online', link: 'tickets' },
      { id: 'onlineAccess', link: 'tickets' },
    ],
  },
  {
    id: 'companies',
    items: [
      { id: 'becomeSpeaker', link: 'forSpeakers' },
      { id: 'becomeExhibitor', link: 'forExhibitors' },
      { id: 'groupTickets', link: 'tickets' },
    ],
  },
] as const satisfies readonly { id: string; items: readonly { id: string; link: PageId | null }[] }[];

export type FaqItemId = (typeof FAQ_GROUPS)[number]['items'][number]['id'];

/** Every question of the FAQ page, in order. */
export const FAQ_ITEMS: readonly { id: FaqItemId; link: PageId | null }[] = FAQ_GROUPS.flatMap(
  (g): readonly { id: FaqItemId; link: PageId | null }[] => g.items,
);

/** The seven questions the home page shows (spec: seven home FAQ items), all from the FAQ page. */
export const HOME_FAQ: readonly FaqItemId[] = [
  'whenWhere',
  'oneDayTicket',
  'workshopsIncluded',
  'becomeSpeaker',
  'networking',
  'whatToBring',
  'becomeExhibitor',
];
