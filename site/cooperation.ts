import type { ContactTopic } from './contact';
import type { FIGURES } from './event';
import type { PageId } from './pages';

/** The five cooperation pages; one component renders them all from this table and the catalogue. */
export const COOPERATION_PAGE_IDS = ['forExhibitors', 'forSpeakers', 'forPartners', 'forSponsors', 'careers'] as const;
export type CooperationPageId = (typeof COOPERATION_PAGE_IDS)[number];

/** Figures that read as "N+ people or things", so they suit a stat card. */
export type CooperationFigure = Exclude<keyof typeof FIGURES, 'networkingTables' | 'awardCategories'>;

export type CooperationPage = {
  /** Subject preset on the contact form that the page's call to action opens. */
  topic: ContactTopic;
  /** Headline figures shown on the page, from `FIGURES` (counts shown with a plus). */
  figures: readonly CooperationFigure[];
  /** Pages suggested at the end, besides the contact form. */
  related: readonly PageId[];
};

/** The audience, on site and online: the first two figures of every page that sells to it. */
const AUDIENCE = ['liveParticipants', 'onlineParticipants'] as const;

/** One page's row: the contact form's subject, the headline figures, the pages suggested at the end. */
const page = (
  topic: ContactTopic,
  figures: readonly CooperationFigure[],
  related: readonly PageId[],
): CooperationPage => ({ topic, figures, related });

/** What each cooperation page shows besides its texts. */
export const COOPERATION: Readonly<Record<CooperationPageId, CooperationPage>> = {
  forExhibitors: page('wystawca', [...AUDIENCE, 'exhibitors'], ['becomePartner', 'expo', 'zones']),
  forSpeakers: page('prelegent', [...AUDIENCE, 'speakers'], ['program', 'speakers', 'workshops']),
  forPartners: page('partner', [...AUDIENCE, 'startups'], ['becomePartner', 'zones', 'press']),
  forSponsors: page('sponsor', [...AUDIENCE, 'exhibitors'], ['becomePartner', 'promptAwards', 'press']),
  careers: page('praca', ['speakers', 'workshops', 'exhibitors'], ['program', 'expo', 'faq']),
};
