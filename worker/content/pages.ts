import {
  anchorOf,
  type ContentList,
  type ExhibitorView,
  HOME_LOGOS,
  HOME_SESSIONS,
  HOME_SPEAKERS,
  type LogoView,
  PARTNER_TIERS,
  type PartnerView,
  type SessionView,
  type SpeakerView,
  type WorkshopView,
} from '../../site/content-view';
import { LANGUAGE_CODES, type LanguageCode } from '../../site/languages';
import { href, type PageId } from '../../site/pages';
import { type LocalTime, ROOMS } from '../../site/program';
import { withPublished } from '../../site/structured-data';
import { isWellFormed } from '../../site/text';
import type { Bindings } from '../env';
import { renderFeeds } from './feeds';
import { CONTENT_KINDS, type ContentKind, textsIn } from './schema';
import {
  type PublishedContent,
  publishedContent,
  publishedRevision,
  type RenderFailure,
  type RenderReport,
  saveRenderReport,
} from './store';
import { workshopsToBoxOffice } from './workshop-seats';

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

/**
 * The pages whose lists come from the store, by the `data-content` slots they hold (and the Event
 * JSON-LD of home and kup-bilet, which names the published speakers and sessions). Each is listed
 * in `run_worker_first` (wrangler.toml), so that the worker serves the stored copy.
 */
export const CONTENT_PAGE_IDS = [
  'speakers',
  'program',
  'workshops',
  'expo',
  'home',
  'tickets',
] as const satisfies readonly PageId[];
export type ContentPageId = (typeof CONTENT_PAGE_IDS)[number];

const pageKey = (path: string) => `page:${path}`;

/** A copy of `items` by name, as Polish sorts names. */
const byName = <T extends { name: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.name.localeCompare(b.name, 'pl'));

/** The cards of the speakers page, in one language, by name. */
export function speakerViews(content: PublishedContent, lang: LanguageCode): SpeakerView[] {
  return byName(content.speakers).map((s) => {
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
      example: session.example,
    });
  }
  return tracks;
}

const CATEGORY_ORDER = { practical: 0, technical: 1, business: 2 } as const;
const LEVEL_ORDER = { basic: 0, intermediate: 1, advanced: 2 } as const;
const imageUrl = (key: string | null) => (key && !key.endsWith('.svg') ? `/content-images/${key}` : undefined);

/** The workshops' cards, in one language: by category and level as the examples were, then title. */
export function workshopViews(content: PublishedContent, lang: LanguageCode): WorkshopView[] {
  const speakers = new Map(content.speakers.map((s) => [s.id, s]));
  return content.workshops
    .map((w) => {
      const texts = textsIn(w.texts, lang);
      const instructor = w.instructor ? speakers.get(w.instructor) : undefined;
      return {
        id: w.id,
        category: w.category,
        level: w.level,
        durationHours: w.durationHours,
        capacity: w.capacity,
        title: texts.title,
        text: texts.text,
        prerequisites: texts.prerequisites,
        // Only a published instructor is named: their card is where the link leads.
        instructor: instructor ? { name: instructor.name, anchor: anchorOf(instructor.id) } : undefined,
        example: w.example,
      };
    })
    .sort(
      (a, b) =>
        CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] ||
        LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
        a.title.localeCompare(b.title, 'pl'),
    );
}

/** The exhibitors' cards, in one language, by name. */
export function exhibitorViews(content: PublishedContent, lang: LanguageCode): ExhibitorView[] {
  return byName(content.exhibitors).map((e) => {
    const texts = textsIn(e.texts, lang);
    return {
      id: e.id,
      name: e.name,
      logo: imageUrl(e.logo),
      booth: e.booth,
      link: e.link ?? undefined,
      description: texts.description,
      demo: e.demo
        ? { start: e.demo.start as LocalTime, end: e.demo.end as LocalTime, text: texts.demo ?? '' }
        : undefined,
      example: e.example,
    };
  });
}

/** The partners, in one language: platinum first, then by name. */
export function partnerViews(content: PublishedContent, lang: LanguageCode): PartnerView[] {
  return [...content.partners]
    .sort(
      (a, b) =>
        PARTNER_TIERS.indexOf(a.package) - PARTNER_TIERS.indexOf(b.package) || a.name.localeCompare(b.name, 'pl'),
    )
    .map((p) => ({
      id: p.id,
      name: p.name,
      logo: imageUrl(p.logo),
      package: p.package,
      link: p.link ?? undefined,
      description: textsIn(p.texts, lang).description ?? '',
      example: p.example,
    }));
}

/**
 * The records that could not be drawn in one render, by `kind/id`, with the languages and the first
 * error: they are left out of the pages (the rest publishes) and named to organisers.
 */
export class RenderFailures {
  private readonly byRecord = new Map<string, RenderFailure>();

  add(kind: RenderFailure['kind'], id: string, lang: LanguageCode, error: unknown): void {
    const key = `${kind}/${id}`;
    const failure = this.byRecord.get(key) ?? { kind, id, languages: [], message: String(error).slice(0, 300) };
    if (!failure.languages.includes(lang)) failure.languages.push(lang);
    this.byRecord.set(key, failure);
    console.error(JSON.stringify({ event: 'content_render_failed', kind, id, lang, message: failure.message }));
  }

  has(kind: RenderFailure['kind'], id: string): boolean {
    return this.byRecord.has(`${kind}/${id}`);
  }

  list(): RenderFailure[] {
    return [...this.byRecord.values()];
  }
}

/** The views of each kind, one record at a time, so that a record whose view cannot be made is left out alone. */
const VIEWS: { [K in ContentKind]: (content: PublishedContent, lang: LanguageCode) => unknown } = {
  speakers: speakerViews,
  sessions: sessionViews,
  workshops: workshopViews,
  exhibitors: exhibitorViews,
  partners: partnerViews,
};

/** What is published without the records whose views throw in `lang` (speakers first: the others name them). */
function drawable(content: PublishedContent, lang: LanguageCode, failures: RenderFailures): PublishedContent {
  const usable: PublishedContent = { ...content };
  for (const kind of CONTENT_KINDS) {
    (usable[kind] as { id: string }[]) = (content[kind] as { id: string }[]).filter((record) => {
      try {
        VIEWS[kind]({ ...usable, [kind]: [record] }, lang);
        return true;
      } catch (error) {
        failures.add(kind, record.id, lang, error);
        return false;
      }
    });
  }
  return usable;
}

/**
 * A list's HTML; should it fail (the renderer throws, or its output is not well-formed Unicode,
 * which the page writer refuses), each record is drawn alone and the ones that fail are left out.
 */
async function renderIsolated<V>(
  items: { view: V; kind: ContentKind; id: string }[],
  render: (views: V[]) => Promise<string>,
  lang: LanguageCode,
  failures: RenderFailures,
): Promise<string> {
  const attempt = async (list: typeof items) => {
    const html = await render(list.map((item) => item.view));
    if (!isWellFormed(html)) throw new Error('the text is not well-formed Unicode');
    return html;
  };
  try {
    return await attempt(items);
  } catch {
    const good: typeof items = [];
    for (const item of items) {
      try {
        await attempt([item]);
        good.push(item);
      } catch (error) {
        failures.add(item.kind, item.id, lang, error);
      }
    }
    return attempt(good);
  }
}

/**
 * Every section of every content page in one language, as HTML, from what is published. A record
 * that cannot be drawn is left out and added to `failures`; the others are drawn.
 */
async function renderSlots(published: PublishedContent, lang: LanguageCode, failures = new RenderFailures()) {
  const render = await import('#render-content');
  const content = drawable(published, lang, failures);
  const idOfAnchor = new Map(content.speakers.map((s) => [anchorOf(s.id), s.id]));
  const speakers = speakerViews(content, lang);
  const tracks = sessionViews(content, lang);
  const allSessions = Object.values(tracks)
    .flat()
    .sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
  const partners = partnerViews(content, lang);
  const exhibitors = exhibitorViews(content, lang);
  const workshops = workshopViews(content, lang);
  const owned = [
    ...partners.map((x) => ({ x, kind: 'partners' as const })),
    ...exhibitors.map((x) => ({ x, kind: 'exhibitors' as const })),
  ].slice(0, HOME_LOGOS);
  const speakerItems = (views: SpeakerView[]) =>
    views.map((view) => ({ view, kind: 'speakers' as const, id: idOfAnchor.get(view.anchor) ?? view.anchor }));
  const ofKind = <V extends { id: string }>(kind: ContentKind, views: V[]) =>
    views.map((view) => ({ view, kind, id: view.id }));
  const isolated = <V>(items: { view: V; kind: ContentKind; id: string }[], draw: (views: V[]) => Promise<string>) =>
    renderIsolated(items, draw, lang, failures);
  const slots: Record<string, string> = {
    speakers: await isolated(speakerItems(speakers), (v) => render.renderSpeakerItems(lang, v)),
    workshops: await isolated(ofKind('workshops', workshops), (v) => render.renderWorkshopList(lang, v)),
    exhibitors: await isolated(ofKind('exhibitors', exhibitors), (v) => render.renderExhibitorList(lang, v)),
    partners: await isolated(ofKind('partners', partners), (v) => render.renderPartnerList(lang, v)),
    'home-speakers': await isolated(speakerItems(speakers.slice(0, HOME_SPEAKERS)), (v) =>
      render.renderHomeSpeakers(lang, v),
    ),
    'home-schedule': await isolated(ofKind('sessions', allSessions.slice(0, HOME_SESSIONS)), (v) =>
      render.renderHomeSchedule(lang, v),
    ),
    'home-logos': await isolated(
      owned.map(({ x, kind }) => ({ view: { name: x.name, src: x.logo, href: x.link } as LogoView, kind, id: x.id })),
      (v) => render.renderHomeLogos(lang, v),
    ),
  };
  for (const [track, views] of Object.entries(tracks)) {
    slots[`sessions:${track}`] = await isolated(ofKind('sessions', views), (v) => render.renderSessionItems(lang, v));
  }
  // A list that shows published content only is no longer "examples": its notice goes, its heading
  // is the list's own. A list that mixes the organisers' own cards with examples has its own heading
  // too, and a notice that says only the cards labelled as examples are (each such card says so).
  const stateOf = (views: readonly { example: boolean }[]): ListState => {
    const examples = views.filter((view) => view.example).length;
    if (views.length === 0 || examples === views.length) return 'examples';
    return examples === 0 ? 'own' : 'mixed';
  };
  const lists: Record<ContentList, ListState> = {
    speakers: stateOf(content.speakers),
    workshops: stateOf(content.workshops),
    sessions: stateOf(content.sessions),
    exhibitors: stateOf(content.exhibitors),
  };
  // The JSON-LD names only what the lists show.
  const shown = <V>(views: V[], kind: ContentKind, id: (view: V) => string) =>
    views.filter((view) => !failures.has(kind, id(view)));
  return {
    slots,
    speakers: shown(speakers, 'speakers', (v) => idOfAnchor.get(v.anchor) ?? v.anchor),
    sessions: shown(allSessions, 'sessions', (v) => v.id),
    lists,
    titles: await render.listTitles(lang),
    mixedNotes: await render.mixedNotes(lang),
  };
}

/** Whether a list shows examples only, the organisers' own cards only, or both. */
type ListState = 'examples' | 'own' | 'mixed';

type Slots = Awaited<ReturnType<typeof renderSlots>>;

/**
 * A built page with its content slots filled from the given content (published, or drafts for a
 * preview); the records that could not be drawn are left out and added to `failures`.
 */
export async function renderContentPage(
  built: Response,
  lang: LanguageCode,
  content: PublishedContent,
  failures = new RenderFailures(),
): Promise<string> {
  return renderPage(built, lang, await renderSlots(content, lang, failures));
}

/**
 * A built page with its content slots replaced by the published content's, and its Event JSON-LD
 * (where it has one) naming the published speakers and sessions.
 */
async function renderPage(built: Response, lang: LanguageCode, rendered: Slots): Promise<string> {
  let jsonLd = '';
  // The list of the notice band being rewritten (its text follows its opening tag).
  let note: ContentList | undefined;
  const rewritten = new HTMLRewriter()
    .on('[data-content]', {
      element(element) {
        const html = rendered.slots[element.getAttribute('data-content') ?? ''];
        if (html !== undefined) element.setInnerContent(html, { html: true });
      },
    })
    .on('[data-examples-note]', {
      element(element) {
        note = element.getAttribute('data-examples-note') as ContentList;
        if (rendered.lists[note] === 'own') element.remove();
      },
    })
    .on('[data-examples-note] .notice > div', {
      // The band's text: "the cards below are examples" is no longer true of a mixed list.
      element(element) {
        if (note && note !== 'exhibitors' && rendered.lists[note] === 'mixed')
          element.setInnerContent(rendered.mixedNotes[note], { html: true });
      },
    })
    .on('[data-examples-title]', {
      element(element) {
        const list = element.getAttribute('data-examples-title') as ContentList;
        const title = list === 'speakers' || list === 'workshops' ? rendered.titles[list] : undefined;
        if (rendered.lists[list] !== 'examples' && title) element.setInnerContent(title);
      },
    })
    .on('script[type="application/ld+json"]', {
      text(chunk) {
        jsonLd += chunk.text;
        if (!chunk.lastInTextNode) {
          chunk.remove();
          return;
        }
        const event = withPublished(JSON.parse(jsonLd), lang, rendered);
        // `<` escaped, as the build does: no text in the data can close the script element.
        chunk.replace(JSON.stringify(event).replace(/</g, '\\u003c'), { html: true });
      },
    })
    .transform(built);
  return rewritten.text();
}

/**
 * Renders every content page in every language from what is published now and stores them; a
 * page whose built file is missing is left to the fallback. Two changes a few seconds apart start
 * two renders, and the older could write last and leave its pages for good: so a render stops
 * writing as soon as the store has moved on (the newer render writes the whole of what is
 * published at its moment).
 *
 * One record that cannot be drawn never holds the others back: it is left out of the pages, every
 * other record and page is written, and the render's report (`RenderReport`, which the console
 * shows) names it until a later render draws it.
 */
export async function renderContentPages(env: Bindings, now = Date.now()): Promise<RenderReport> {
  const [content, revision] = await Promise.all([publishedContent(env.CONTENT_DB), publishedRevision(env.CONTENT_DB)]);
  const failures = new RenderFailures();
  const failedPages: string[] = [];
  let written = 0;
  const report = (): RenderReport => ({
    revision,
    at: new Date(now).toISOString(),
    pages: written,
    failedPages,
    failures: failures.list(),
  });
  for (const lang of LANGUAGE_CODES) {
    let rendered: Slots;
    try {
      rendered = await renderSlots(content, lang, failures);
    } catch (error) {
      console.error(JSON.stringify({ event: 'content_render_failed', lang, message: String(error) }));
      failedPages.push(...CONTENT_PAGE_IDS.map((page) => href(lang, page)));
      continue;
    }
    for (const page of CONTENT_PAGE_IDS) {
      const path = href(lang, page);
      try {
        const built = await env.ASSETS.fetch(new URL(path, 'https://assets.invalid'));
        if (!built.ok) {
          await built.body?.cancel();
          continue;
        }
        const html = await renderPage(built, lang, rendered);
        if ((await publishedRevision(env.CONTENT_DB)) !== revision) return report();
        await env.CONTENT_PAGES.put(pageKey(path), html, { metadata: { revision } });
        written++;
      } catch (error) {
        // This page keeps what it showed; the others are written.
        console.error(JSON.stringify({ event: 'content_render_failed', path, message: String(error) }));
        failedPages.push(path);
      }
    }
  }
  const done = report();
  await saveRenderReport(env.CONTENT_DB, done);
  return done;
}

/**
 * Called after anything visitors see has changed (a publication, an unpublication, a deletion):
 * the pages that show content are rendered again, once per change. A failure is logged and the
 * pages keep what they showed; the next change renders them again.
 */
export async function publishedChanged(env: Bindings, now: number): Promise<void> {
  try {
    await renderContentPages(env, now);
  } catch (error) {
    console.error(JSON.stringify({ event: 'content_render_failed', message: String(error) }));
  }
  await renderFeeds(env, CONTENT_PAGE_IDS, now);
  // Seats added to a workshop go to its waiting list.
  try {
    await workshopsToBoxOffice(env, now);
  } catch (error) {
    console.error(JSON.stringify({ event: 'workshop_seats_sync_failed', message: String(error) }));
  }
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
