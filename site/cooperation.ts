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

/** What each cooperation page shows besides its texts. */
export const COOPERATION: Readonly<Record<CooperationPageId, CooperationPage>> = {
  forExhibitors: {
    topic: 'wystawca',
    figures: ['liveParticipants', 'onlineParticipants', 'exhibitors'],
    related: ['becomePartner', 'expo', 'zones'],
  },
  forSpeakers: {
    topic: 'prelegent',
    figures: ['liveParticipants', 'onlineParticipants', 'speakers'],
    related: ['program', 'speakers', 'workshops'],
  },
  forPartners: {
    topic: 'partner',
    figures: ['liveParticipants', 'onlineParticipants', 'startups'],
    related: ['becomePartner', 'zones', 'press'],
  },
  forSponsors: {
    topic: 'sponsor',
    figures: ['liveParticipants', 'onlineParticipants', 'exhibitors'],
    related: ['becomePartner', 'promptAwards', 'press'],
  },
  careers: {
    topic: 'praca',
    figures: ['speakers', 'workshops', 'exhibitors'],
    related: ['program', 'expo', 'faq'],
  },
};
