// What the content API answers (worker/routes/content.ts, worker/content/schema.ts and store.ts hold
// the real shapes). Code flows from site/ to both sides, never from worker/ to the client, so the
// console keeps this reading of the wire format.
import type { LanguageCode } from '../../site/languages';

/** The kinds of content, in the order the console shows them. */
export const CONTENT_KINDS = ['speakers', 'sessions', 'workshops', 'exhibitors', 'partners'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** A record's id as the API accepts it: letters, digits and hyphens, at most 64. */
export const CONTENT_ID = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?$/;

export type RecordStatus = 'draft' | 'published' | 'changed';

/** Texts per language: Polish complete, the others partial. */
export type Texts = { pl: Record<string, unknown> } & Partial<Record<LanguageCode, Record<string, unknown>>>;

/** A record's fields as a PUT sends them; the kind decides which are there. */
export type ContentFields = Record<string, unknown> & { texts: Texts };

export type ContentRecord = {
  kind: ContentKind;
  id: string;
  version: number;
  example: boolean;
  status: RecordStatus;
  draft: ContentFields;
  published: ContentFields | null;
  publishedVersion: number | null;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
  publishedAt: string | null;
  /** Per language other than Polish, the text fields missing in the draft (shown in Polish). */
  missing: Partial<Record<LanguageCode, string[]>>;
};

export type HistoryEntry = {
  seq: number;
  at: string;
  actor: string;
  action: string;
  kind: ContentKind | null;
  id: string | null;
  version: number | null;
  detail: { fields?: string[]; at?: string; image?: string; schedule?: number } | null;
};

export type RecordDetail = ContentRecord & { history: HistoryEntry[] };

export type Scheduled = { id: number; at: string; source: 'organiser' | 'lists'; createdBy: string; state: string };

/** What `GET /api/admin/content/render` answers (worker/content/store.ts `RenderReport`). */
export type RenderReport = {
  revision: number;
  /** The revision published now: while it differs, the pages are still being rendered. */
  current: number;
  at: string;
  pages: number;
  failedPages: string[];
  failures: { kind: ContentKind; id: string; languages: LanguageCode[]; message: string }[];
};

/** What `POST /api/admin/content/images` answers. */
export type UploadedImage = { key: string; width: number; height: number; url: string; type: string };

/** An uploaded image's name, as the API accepts it in `image` and `logo`. */
export const UPLOADED_IMAGE = /^img-[0-9a-f]{32}\.(?:png|jpg|webp)$/;

/** The values of the kinds' choice fields (worker/content/schema.ts; rooms from site/program.ts). */
export const TRACKS = ['business', 'technology'] as const;
export const WORKSHOP_CATEGORIES = ['practical', 'technical', 'business'] as const;
export const WORKSHOP_LEVELS = ['basic', 'intermediate', 'advanced'] as const;
export const PARTNER_PACKAGES = ['silver', 'gold', 'platinum'] as const;

/** The text fields of each kind, per language; `list` ones are one entry per line. */
export const TEXT_FIELDS: Record<
  ContentKind,
  readonly { name: string; type: 'line' | 'long' | 'list'; required: boolean }[]
> = {
  speakers: [
    { name: 'role', type: 'line', required: true },
    { name: 'bio', type: 'long', required: true },
    { name: 'topics', type: 'list', required: false },
  ],
  sessions: [
    { name: 'title', type: 'line', required: true },
    { name: 'abstract', type: 'long', required: true },
  ],
  workshops: [
    { name: 'title', type: 'line', required: true },
    { name: 'text', type: 'long', required: true },
    { name: 'prerequisites', type: 'list', required: false },
  ],
  exhibitors: [
    { name: 'description', type: 'long', required: true },
    { name: 'demo', type: 'line', required: false },
  ],
  partners: [{ name: 'description', type: 'long', required: false }],
};

/** The largest number of entries of a list text (topics, prerequisites). */
export const MAX_LIST_ENTRIES = 6;
