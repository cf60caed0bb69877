import type { SessionView, SpeakerView } from './content-view';
import type { LanguageCode } from './languages';

/**
 * Renders the content cards of a page into the HTML of their list, with the same components as
 * the build: what the worker writes into the built pages when published content changes
 * (worker/content/pages.ts). Its code is client/render-content.tsx; the worker imports it as
 * `#render-content` (package.json `imports`), and these types are what it sees of it.
 */
export declare function renderSpeakerItems(lang: LanguageCode, speakers: readonly SpeakerView[]): Promise<string>;
export declare function renderSessionItems(lang: LanguageCode, sessions: readonly SessionView[]): Promise<string>;
