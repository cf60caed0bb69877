import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT } from '../../site/event';
import { eventDate } from '../../site/facts';
import { formatList } from '../../site/format';
import { href, type PageId } from '../../site/pages';
import type { LocalTime } from '../../site/program';
import type { Show } from '../../site/shows';
import { imageUrl } from '../lib/images';
import { useLanguage } from '../lib/use-language';
import { IconFact } from './icon-fact';
import { TimeRange } from './time-range';

const LONG_WORD = 14;

/** The venue as one line: "Atlas Arena, Łódź". */
export function useVenueLine(): string {
  const { t } = useTranslation('events');
  return t('shared.venue', { venue: EVENT.venue.name, city: EVENT.venue.city });
}

/** The accented "Buy a ticket" button to the tickets page. */
export function BuyTicketLink({ accent = true }: { accent?: boolean }) {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  return (
    <a href={href(lang, 'tickets')} className={accent ? 'button button--accent' : 'button'}>
      {t('shared.buyTicket')}
    </a>
  );
}

/**
 * The top of an event page: eyebrow, the page title as the only h1, a lead, the date, hours (the
 * congress's, or a show's) and venue, calls to action and optional artwork (a show's, by default).
 */
export function EventHero({
  page,
  eyebrow,
  lead,
  show,
  start = show?.start ?? EVENT.startTime,
  end = show?.end ?? EVENT.endTime,
  actions,
  art = show && { ...show.art, alt: '' },
  hosts = show?.hosts,
}: {
  page: PageId;
  eyebrow: string;
  lead?: string;
  /** A show whose hours, hosts and artwork the hero shows. */
  show?: Show;
  start?: LocalTime;
  end?: LocalTime;
  actions?: ReactNode;
  art?: { src: string; width: number; height: number; alt: string };
  /** A show's hosts; an empty list says they are announced later. */
  hosts?: readonly string[];
}) {
  const { t } = useTranslation();
  const { t: te } = useTranslation('events');
  const lang = useLanguage();
  const venue = useVenueLine();
  const title = t(`pages.${page}.title`);
  // A long compound ("Kongressprogramm") cannot wrap without a hyphenation dictionary: smaller type.
  const longWord = Math.max(...title.split(/\s+/).map((word) => word.length)) >= LONG_WORD;
  return (
    <section className={art ? 'event-hero event-hero--art' : 'event-hero'}>
      <div className="container event-hero__inner">
        <div className="event-hero__text">
          <p className="eyebrow event-hero__eyebrow">{eyebrow}</p>
          <h1 className={longWord ? 'event-hero__title--long' : undefined}>{title}</h1>
          <p className="lead">{lead ?? t(`pages.${page}.description`)}</p>
          <dl className="event-hero__facts">
            <IconFact icon="calendar" term={te('shared.date')}>
              {eventDate(lang)}
            </IconFact>
            <IconFact icon="clock" term={te('shared.hours')}>
              <TimeRange start={start} end={end} />
            </IconFact>
            <IconFact icon="pin" term={te('shared.place')}>
              {venue}
            </IconFact>
            {hosts && (
              <IconFact icon="mic" term={te('shared.hosts')}>
                {hosts.length > 0 ? formatList(lang, hosts) : te('shared.hostsLater')}
              </IconFact>
            )}
          </dl>
          {actions && <div className="event-hero__actions">{actions}</div>}
        </div>
        {art && (
          <div className="event-hero__art">
            <img src={imageUrl(art.src)} width={art.width} height={art.height} alt={art.alt} />
          </div>
        )}
      </div>
    </section>
  );
}
