import { anchorOf, type SessionView, type SpeakerView } from '../../site/content-view';
import { LANGUAGE_CODES, type LanguageCode } from '../../site/languages';
import { href, type PageId } from '../../site/pages';
import { ROOMS } from '../../site/program';
import type { Bindings } from '../env';
import { renderFeeds } from './feeds';
import { textsIn } from './schema';
import { type PublishedContent, publishedContent, publishedRevision } from './store';

/**
 * Pages that show published content, rendered once per change and served from the edge.
 *
 * The build prerenders every page with the example lists (the fallback). When what visitors see
 * changes (a publication, scheduled or not, an unpublication, a deletion), `publishedChanged`
 * renders the content cards of each page in each language with the build's own components
 * (`#render-content`), writes them into the built page in place of the examples, and stores the
 * finished HTML in KV (`CONTENT_PAGES`). The worker then serves that HTML as it serves a built
 * page (`storedPage`): one KV read, no database, no rendering per visit.
 */

/** The pages whose lists come from the store, by the `data-content` lists they hold. */
export const CONTENT_PAGE_IDS = ['speakers', 'program'] as const satisfies readonly PageId[];
export type ContentPageId = (typeof CONTENT_PAGE_IDS)[number];

const pageKey = (path: string) => `page:${path}`;

/** The cards of the speakers page, in one language, by name. */
export function speakerViews(content: PublishedContent, lang: LanguageCode): SpeakerView[] {
  return [...content.speakers]
    .sort((a, b) => a.name.localeCompare(b.name, 'pl'))
    .map((s) => {
      const texts = textsIn(s.texts, lang);
      return {
        anchor: anchorOf(s.id),
        name: s.name,
        drawing: s.image?.endsWith('.svg') ? s.image : undefined,
        photo: s.image && !s.image.endsWith('.svg') ? `/content-images/${s.image}` : undefined,
        role: texts.role,
        bio: texts.bio,
        topics: texts.topics,
        links: { linkedin: s.links.linkedin, x: s.links.x },
        example: s.example,
      };
    });
}

/** The sessions of each track, in one language, in time order; only published speakers are named. */
export function sessionViews(content: PublishedContent, lang: LanguageCode): Record<string, SessionView[]> {
  const speakers = new Map(content.speakers.map((s) => [s.id, s]));
  const tracks: Record<string, SessionView[]> = { business: [], technology: [] };
  const sorted = [...content.sessions].sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
  for (const session of sorted) {
    const texts = textsIn(session.texts, lang);
    const track = tracks[session.track] ?? [];
    tracks[session.track] = track;
    track.push({
      id: session.id,
      start: session.start as SessionView['start'],
      end: session.end as SessionView['end'],
      room: session.room,
      seats: session.seats ?? ROOMS[session.room].seats,
      title: texts.title,
      abstract: texts.abstract,
      speakers: session.speakers.flatMap((id) => {
        const person = speakers.get(id);
        return person ? [{ name: person.name, anchor: anchorOf(id) }] : [];
      }),
      // Every published session has its calendar file (worker/routes/calendar.ts).
      calendar: true,
    });
  }
  return tracks;
}

/** A built page with its content lists replaced by the given content's (published, or drafts for a preview). */
export async function renderPage(built: Response, lang: LanguageCode, content: PublishedContent): Promise<string> {
  const { renderSessionItems, renderSpeakerItems } = await import('#render-content');
  const speakers = await renderSpeakerItems(lang, speakerViews(content, lang));
  const tracks = sessionViews(content, lang);
  const sessions = Object.fromEntries(
    await Promise.all(
      Object.entries(tracks).map(async ([track, views]) => [track, await renderSessionItems(lang, views)] as const),
    ),
  );
  const rewritten = new HTMLRewriter()
    .on('[data-content]', {
      element(element) {
        const name = element.getAttribute('data-content') ?? '';
        if (name === 'speakers') element.setInnerContent(speakers, { html: true });
        else if (name.startsWith('sessions:')) element.setInnerContent(sessions[name.slice(9)] ?? '', { html: true });
      },
    })
    .transform(built);
  return rewritten.text();
}

/**
 * Renders every content page in every language from what is published now and stores them; a
 * page whose built file is missing is left to the fallback. Safe to run twice: the last run wins,
 * and each writes the whole of what is published at its moment.
 */
export async function renderContentPages(env: Bindings): Promise<number> {
  const [content, revision] = await Promise.all([publishedContent(env.CONTENT_DB), publishedRevision(env.CONTENT_DB)]);
  let written = 0;
  for (const lang of LANGUAGE_CODES) {
    for (const page of CONTENT_PAGE_IDS) {
      const path = href(lang, page);
      const built = await env.ASSETS.fetch(new URL(path, 'https://assets.invalid'));
      if (!built.ok) {
        await built.body?.cancel();
        continue;
      }
      const html = await renderPage(built, lang, content);
      await env.CONTENT_PAGES.put(pageKey(path), html, { metadata: { revision } });
      written++;
    }
  }
  return written;
}

/**
 * Called after anything visitors see has changed (a publication, an unpublication, a deletion):
 * the pages that show content are rendered again, once per change. A failure is logged and the
 * pages keep what they showed; the next change renders them again.
 */
export async function publishedChanged(env: Bindings, now: number): Promise<void> {
  try {
    await renderContentPages(env);
  } catch (error) {
    console.error(JSON.stringify({ event: 'content_render_failed', message: String(error) }));
  }
  await renderFeeds(env, CONTENT_PAGE_IDS, now);
}

/**
 * The page as last rendered from the store, with the built page's headers (its CSP allows the same
 * inline script), or the built page itself when nothing was rendered yet.
 */
export async function storedPage(env: Bindings, path: string, built: Response): Promise<Response> {
  const html = await env.CONTENT_PAGES.get(pageKey(path));
  if (html === null) return built;
  await built.body?.cancel();
  const headers = new Headers(built.headers);
  // The built file's validators describe the built file, not this one.
  headers.delete('ETag');
  headers.delete('Last-Modified');
  headers.delete('Content-Length');
  return new Response(html, { status: 200, headers });
}
