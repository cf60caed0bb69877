import type {
  ContentList,
  ExhibitorView,
  LogoView,
  PartnerView,
  SessionView,
  SpeakerView,
  WorkshopView,
} from './content-view';
import type { LanguageCode } from './languages';

/**
 * Renders the content cards of a page into the HTML of their list, with the same components as
 * the build: what the worker writes into the built pages when published content changes
 * (worker/content/pages.ts). Its code is client/render-content.tsx; the worker imports it as
 * `#render-content` (package.json `imports`), and these types are what it sees of it.
 */
export declare function renderSpeakerItems(lang: LanguageCode, speakers: readonly SpeakerView[]): Promise<string>;
export declare function renderSessionItems(lang: LanguageCode, sessions: readonly SessionView[]): Promise<string>;
/** The workshops page's cards (or its sentence while there are none). */
export declare function renderWorkshopList(lang: LanguageCode, workshops: readonly WorkshopView[]): Promise<string>;
/** The expo page's exhibitors (or the call to exhibit while there are none). */
export declare function renderExhibitorList(lang: LanguageCode, exhibitors: readonly ExhibitorView[]): Promise<string>;
/** The expo page's partners by package (or the call to partner while there are none). */
export declare function renderPartnerList(lang: LanguageCode, partners: readonly PartnerView[]): Promise<string>;
/** The home page's speakers at a glance. */
export declare function renderHomeSpeakers(lang: LanguageCode, speakers: readonly SpeakerView[]): Promise<string>;
/** The home page's programme at a glance. */
export declare function renderHomeSchedule(lang: LanguageCode, sessions: readonly SessionView[]): Promise<string>;
/** The home page's wall of exhibitors' and partners' logos. */
export declare function renderHomeLogos(lang: LanguageCode, logos: readonly LogoView[]): Promise<string>;
/** The headings of the speakers' and the workshops' lists once they show published content only. */
export declare function listTitles(lang: LanguageCode): Promise<Record<'speakers' | 'workshops', string>>;
/**
 * The notice bands' text (HTML) of lists that mix published cards with examples: only the cards
 * labelled as examples are. The exhibitors' notice says nothing of examples, so it stays as built.
 */
export declare function mixedNotes(lang: LanguageCode): Promise<Record<Exclude<ContentList, 'exhibitors'>, string>>;
