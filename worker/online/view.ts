import {
  type entitlement,
  type JoinTarget,
  joinHref,
  joinLinks,
  type MaterialLink,
  ONLINE_WORKSHOPS,
  type OnlineAccessView,
} from '../../site/access';
import type { LanguageCode } from '../../site/languages';
import type { ProductId } from '../../site/tickets';
import { textsIn } from '../content/schema';
import { publishedContent } from '../content/store';
import { listMaterials, listSources, type Material } from './store';

/** A material's link through the holder's join path (files are never public). */
export const materialHref = (ticketId: string, secret: string, id: number) =>
  `/join/${encodeURIComponent(ticketId)}/materials/${id}?${new URLSearchParams({ k: secret })}`;

/**
 * The online part of a ticket's page at `now`, in the ticket's language: what `GET /api/online`
 * answers and client/components/online-access.tsx shows. Recordings and materials are listed only
 * for products that have them, the workshops only for plans that take part online.
 */
export async function onlineAccessView(
  db: D1Database,
  ticket: { id: string; product: ProductId },
  secret: string,
  lang: LanguageCode,
  now: number,
): Promise<OnlineAccessView> {
  const links = joinLinks(ticket, secret, now);
  const has = (kind: Parameters<typeof entitlement>[1]) => links.entitlements.some((e) => e.kind === kind);
  const href = (to?: JoinTarget) => joinHref(ticket.id, secret, to);
  const [content, sources, materials] = await Promise.all([publishedContent(db), listSources(db), listMaterials(db)]);
  const materialsOf = (subject: string): MaterialLink[] =>
    materials
      .filter((m: Material) => m.subject === subject)
      .map((m) => ({ id: m.id, title: m.title, kind: m.kind, href: materialHref(ticket.id, secret, m.id) }));
  const recordings = has('recordings')
    ? [...content.sessions]
        .sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id))
        .map((s) => ({
          id: s.id,
          title: textsIn(s.texts, lang).title,
          track: s.track,
          start: s.start,
          end: s.end,
          href: sources[`session:${s.id}`]?.recording ? href(`session:${s.id}`) : null,
          materials: has('materials') ? materialsOf(`session:${s.id}`) : [],
        }))
    : [];
  const workshops = ONLINE_WORKSHOPS.has(ticket.product)
    ? content.workshops.map((w) => ({
        id: w.id,
        title: textsIn(w.texts, lang).title,
        liveHref: href(`workshop:${w.id}`),
        recordingHref: sources[`workshop:${w.id}`]?.recording ? href(`workshop:${w.id}`) : null,
        materials: materialsOf(`workshop:${w.id}`),
      }))
    : [];
  const extras = (['networking', 'expertQa'] as const)
    .filter((kind) => has(kind))
    .map((kind) => ({ kind, href: href(`extra:${kind}`) }));
  return {
    ...links,
    recordings,
    workshops,
    extras,
  };
}
