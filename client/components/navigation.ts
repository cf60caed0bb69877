import type { PageId } from '../../site/pages';

/** The header's two menus and its direct links, in display order. */
export const PROGRAM_MENU: readonly PageId[] = ['program', 'missAi', 'misterAi', 'roastAi', 'promptAwards'];
export const COOPERATION_MENU: readonly PageId[] = [
  'forExhibitors',
  'forSpeakers',
  'forPartners',
  'forSponsors',
  'careers',
];
export const DIRECT_LINKS: readonly PageId[] = ['speakers', 'expo', 'zones', 'workshops', 'contact'];
