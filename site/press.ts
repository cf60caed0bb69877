import { EDITION_YEAR } from './event';
import { type LanguageCode, language } from './languages';
import manifest from './press-files.json';

export type PressDownload = {
  id: 'logoPack' | 'pressRelease' | 'photos' | 'speakerBios';
  /** Path of the file under public/, in the page's language where it has one per language. */
  path: (lang: LanguageCode) => string;
  /**
   * Made by the worker from what is published (worker/content/press-bios.ts) rather than by
   * `npm run press-kit`: not under public/, and its size changes with each publication.
   */
  fromStore?: true;
};

/**
 * The press kit offered on the press page; the files live in public/press/ and are built by
 * `npm run press-kit`, except the speakers' bios, which follow what is published. The edition's documents carry its year in their names, so a new edition
 * gets new file names (no stale cached PDF) without anyone renaming them.
 */
export const PRESS_DOWNLOADS: readonly PressDownload[] = [
  {
    id: 'pressRelease',
    path: (lang) => `/press/kongres-ai-${EDITION_YEAR}-informacja-prasowa-${language(lang).prefix}.pdf`,
  },
  { id: 'logoPack', path: () => '/press/kongres-ai-logo.zip' },
  { id: 'photos', path: () => '/press/kongres-ai-ilustracje.zip' },
  {
    id: 'speakerBios',
    path: (lang) => `/press/kongres-ai-${EDITION_YEAR}-prelegenci-${language(lang).prefix}.pdf`,
    fromStore: true,
  },
];

/**
 * Illustrations of the congress (drawn, not photographs: no edition has been photographed for the
 * kit), each as a full-size download and a thumbnail for the page; the texts call them illustrations.
 */
export const PRESS_PHOTOS = (['stage', 'expo', 'workshop', 'networking'] as const).map((id) => ({
  id,
  full: `/press/illustrations/kongres-ai-ilustracja-${id}.jpg`,
  thumb: `/press/illustrations/kongres-ai-ilustracja-${id}-640.jpg`,
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
