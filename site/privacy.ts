import { LANGUAGE_STORAGE_KEY } from './languages';

/** localStorage key set to 'true' once the welcome popup has been closed (spec section 4). */
export const WELCOME_POPUP_STORAGE_KEY = 'welcomePopupClosed';
/** sessionStorage key set once the "site under development" notice has been closed. */
export const DEV_NOTICE_STORAGE_KEY = 'devNoticeClosed';
/** localStorage key set to 'true' once the brand typeface's files are in the browser's cache. */
export const BRAND_FONT_STORAGE_KEY = 'brandFont';
/** localStorage key of the sessions a visitor starred on the programme page: a JSON array of ids. */
export const AGENDA_STORAGE_KEY = 'programAgenda';
/** Lifetime of the language cookie, in days. */
export const LANGUAGE_COOKIE_DAYS = 365;

export type StorageItem = {
  name: string;
  kind: 'cookie' | 'localStorage' | 'sessionStorage';
  /** Catalogue key of what it is for, under `privacy.storage.purposes`. */
  purpose: 'language' | 'languageEdge' | 'welcomePopup' | 'devNotice' | 'brandFont' | 'agenda';
  /** Catalogue key of how long it lives, under `privacy.storage.lifetimes`. */
  lifetime: 'days' | 'untilCleared' | 'session';
};

/**
 * Everything the site keeps in the visitor's browser. The privacy policy lists exactly this;
 * a new cookie or storage key must be added here, or the policy is wrong.
 */
export const BROWSER_STORAGE: readonly StorageItem[] = [
  { name: LANGUAGE_STORAGE_KEY, kind: 'cookie', purpose: 'languageEdge', lifetime: 'days' },
  { name: LANGUAGE_STORAGE_KEY, kind: 'localStorage', purpose: 'language', lifetime: 'untilCleared' },
  { name: WELCOME_POPUP_STORAGE_KEY, kind: 'localStorage', purpose: 'welcomePopup', lifetime: 'untilCleared' },
  { name: DEV_NOTICE_STORAGE_KEY, kind: 'sessionStorage', purpose: 'devNotice', lifetime: 'session' },
  { name: BRAND_FONT_STORAGE_KEY, kind: 'localStorage', purpose: 'brandFont', lifetime: 'untilCleared' },
  { name: AGENDA_STORAGE_KEY, kind: 'localStorage', purpose: 'agenda', lifetime: 'untilCleared' },
];

/**
 * The inline script at the top of every page's head: marks the root element \`brand-font\` before
 * the first paint when the typeface is already in the browser's cache (client/boot.ts \`brandFont\`).
 */
export const BRAND_FONT_SCRIPT = `try{localStorage.getItem(${JSON.stringify(BRAND_FONT_STORAGE_KEY)})&&document.documentElement.classList.add("brand-font")}catch(e){}`;

/** Date from which the current privacy policy applies (`YYYY-MM-DD`). */
export const PRIVACY_POLICY_DATE = '2026-11-27';
