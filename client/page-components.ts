import type { ComponentType } from 'react';
import type { PageId } from '../site/pages';
import AccessibilityPage from './pages/accessibility';
import BecomePartnerPage from './pages/become-partner';
import CareersPage from './pages/careers';
import ContactPage from './pages/contact';
import ExpoPage from './pages/expo';
import FaqPage from './pages/faq';
import ForExhibitorsPage from './pages/for-exhibitors';
import ForPartnersPage from './pages/for-partners';
import ForSpeakersPage from './pages/for-speakers';
import ForSponsorsPage from './pages/for-sponsors';
import HomePage from './pages/home';
import MissAiPage from './pages/miss-ai';
import MisterAiPage from './pages/mister-ai';
import PressPage from './pages/press';
import PrivacyPage from './pages/privacy';
import ProgramPage from './pages/program';
import PromptAwardsPage from './pages/prompt-awards';
import RoastAiPage from './pages/roast-ai';
import SpeakersPage from './pages/speakers';
import TermsPage from './pages/terms';
import ThanksPage from './pages/thanks';
import TicketPage from './pages/ticket';
import TicketsPage from './pages/tickets';
import TravelPage from './pages/travel';
import WorkshopsPage from './pages/workshops';
import ZonesPage from './pages/zones';

/** Each page's component (rendered at build time only: the browser never loads pages as script). */
export const PAGE_COMPONENTS: Record<PageId, ComponentType> = {
  home: HomePage,
  program: ProgramPage,
  missAi: MissAiPage,
  misterAi: MisterAiPage,
  roastAi: RoastAiPage,
  promptAwards: PromptAwardsPage,
  speakers: SpeakersPage,
  expo: ExpoPage,
  zones: ZonesPage,
  workshops: WorkshopsPage,
  forExhibitors: ForExhibitorsPage,
  forSpeakers: ForSpeakersPage,
  forPartners: ForPartnersPage,
  forSponsors: ForSponsorsPage,
  careers: CareersPage,
  contact: ContactPage,
  faq: FaqPage,
  travel: TravelPage,
  privacy: PrivacyPage,
  terms: TermsPage,
  accessibility: AccessibilityPage,
  press: PressPage,
  becomePartner: BecomePartnerPage,
  tickets: TicketsPage,
  thanks: ThanksPage,
  ticket: TicketPage,
};
