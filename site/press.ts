import { FIRST_YEAR } from './event';
import { type LanguageCode, language } from './languages';
import manifest from './press-files.json';

/** Year of the edition whose photos are in the press kit. */
export const PAST_EDITION_YEAR = FIRST_YEAR;

export type PressDownload = {
  id: 'logoPack' | 'pressRelease' | 'photos' | 'speakerBios';
  /** Path of the file under public/, in the page's language where it has one per language. */
  path: (lang: LanguageCode) => string;
};

/** The press kit offered on the press page; the files live in public/press/. */
export const PRESS_DOWNLOADS: readonly PressDownload[] = [
  { id: 'pressRelease', path: (lang) => `/press/kongres-ai-2025-informacja-prasowa-${language(lang).prefix}.pdf` },
  { id: 'logoPack', path: () => '/press/kongres-ai-logo.zip' },
  { id: 'photos', path: () => `/press/kongres-ai-${PAST_EDITION_YEAR}-zdjecia.zip` },
  { id: 'speakerBios', path: (lang) => `/press/kongres-ai-2025-prelegenci-${language(lang).prefix}.pdf` },
];

/** Photos of the past edition, each as a full-size download and a thumbnail for the page. */
export const PRESS_PHOTOS = (['stage', 'expo', 'workshop', 'networking'] as const).map((id) => ({
  id,
  full: `/press/photos/kongres-ai-${PAST_EDITION_YEAR}-${id}.jpg`,
  thumb: `/press/photos/kongres-ai-${PAST_EDITION_YEAR}-${id}-640.jpg`,
  width: 640,
  height: 400,
}));

/** Size in bytes of a file under public/, from the manifest the press-kit script writes. */
export function pressFileSize(path: string): number {
  const size = (manifest.files as Record<string, number>)[path];
  if (size === undefined) throw new Error(`No press file ${path}: run node scripts/press-kit.mjs`);
  return size;
}

/** Upper-case file type from the extension: "PDF", "ZIP", "JPG". */
export const fileType = (path: string) => path.slice(path.lastIndexOf('.') + 1).toUpperCase();

/** Date on the current press release (`YYYY-MM-DD`). */
export const PRESS_RELEASE_DATE = '2025-06-02';
