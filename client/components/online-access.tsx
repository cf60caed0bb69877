import { useTranslation } from 'react-i18next';
import type { Entitlement, MaterialLink, OnlineAccessView } from '../../site/access';
import { EVENT } from '../../site/event';
import { formatDate, formatDateTime, formatTime } from '../../site/format';
import { useLanguage } from '../lib/use-language';
import '../styles/online-access.css';

/**
 * What a ticket includes and when, for the holder's ticket page: each entitlement with its state
 * (open now, from a date, until a date, ended) and one sentence of exactly how and when it is
 * delivered; the join link during the event (one per track), the recordings with their materials
 * after it, the online workshops, and the links of the plan's extras while they are open.
 *
 * Props contract: `view` is what `GET /api/online/:ticketId?k=<secret>` answers (site/access.ts
 * `OnlineAccessView`, worked out by worker/online/view.ts at the request's instant); every href in
 * it is the holder's own join path, so the component builds none. `headingLevel` is the level of
 * its heading (2 by default; its parts are one level below). Texts: `delivery:online.*`. It holds
 * no state and loads nothing, so it renders on the server as it does in the browser.
 */
export function OnlineAccess({ view, headingLevel = 2 }: { view: OnlineAccessView; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('delivery');
  const lang = useLanguage();
  const H = `h${headingLevel}` as 'h2';
  const Sub = `h${headingLevel + 1}` as 'h3';
  const when = (iso: string) => formatDateTime(lang, iso);
  const facts = {
    date: formatDate(lang, EVENT.date),
    start: formatTime(lang, EVENT.startTime),
    end: formatTime(lang, EVENT.endTime),
    venue: `${EVENT.venue.name}, ${EVENT.venue.city}`,
  };
  const state = (e: Entitlement) => {
    if (e.state === 'upcoming') return t('online.state.upcoming', { at: when(e.opensAt) });
    if (e.state === 'over') return t('online.state.over', { at: when(e.until ?? e.opensAt) });
    return e.until ? t('online.state.openUntil', { until: when(e.until) }) : t('online.state.open');
  };
  const live = view.phase.phase === 'live';
  const stream = view.entitlements.find((e) => e.kind === 'stream');
  const extrasOpen = new Set(view.entitlements.filter((e) => e.state === 'open').map((e) => e.kind));
  const recordingsOpen = extrasOpen.has('recordings');
  return (
    <section className="online-access" aria-labelledby="online-access-title">
      <H id="online-access-title" className="online-access__title">
        {t('online.title')}
      </H>
      <p className="online-access__lead">{t('online.lead')}</p>
      {live && view.join && stream && (
        <div className="online-access__join">
          <a className="button button--accent" href={view.join}>
            {t('online.join')}
          </a>
          {view.tracks.length > 1 && (
            <ul className="online-access__tracks">
              {view.tracks.map((track) => (
                <li key={track.id}>
                  <a href={track.href}>
                    {t('online.joinTrack', { track: t(`online.tracks.${track.id as 'business'}`) })}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ul className="online-access__list">
        {view.entitlements.map((e) => (
          <li key={e.kind} className={`online-access__item online-access__item--${e.state}`} data-kind={e.kind}>
            <Sub className="online-access__name">{t(`online.kinds.${e.kind}`)}</Sub>
            <p className="online-access__state">{state(e)}</p>
            <p className="online-access__how">
              {t(`online.how.${e.kind}`, { ...facts, until: e.until ? when(e.until) : '' })}
            </p>
            {(e.kind === 'networking' || e.kind === 'expertQa') && e.state === 'open' && (
              <ExtraLink view={view} kind={e.kind} />
            )}
          </li>
        ))}
      </ul>
      {view.recordings.length > 0 && recordingsOpen && (
        <div className="online-access__part">
          <Sub>{t('online.recordingsTitle')}</Sub>
          <ul className="online-access__recordings">
            {view.recordings.map((r) => (
              <li key={r.id}>
                {r.href ? (
                  <a href={r.href}>{t('online.watchRecording', { title: r.title })}</a>
                ) : (
                  <>
                    <span className="online-access__session">{r.title}</span>{' '}
                    <span className="online-access__soon">{t('online.recordingSoon')}</span>
                  </>
                )}
                <Materials title={r.title} materials={r.materials} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {view.workshops.length > 0 && (
        <div className="online-access__part">
          <Sub>{t('online.workshopsTitle')}</Sub>
          <ul className="online-access__recordings">
            {view.workshops.map((w) => (
              <li key={w.id}>
                <span className="online-access__session online-access__workshop">{w.title}</span>
                {live && (
                  <a className="online-access__workshop-link" href={w.liveHref}>
                    {t('online.workshopLive', { title: w.title })}
                  </a>
                )}
                {recordingsOpen && w.recordingHref && (
                  <a className="online-access__workshop-link" href={w.recordingHref}>
                    {t('online.workshopRecording', { title: w.title })}
                  </a>
                )}
                {(live || recordingsOpen) && <Materials title={w.title} materials={w.materials} />}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function ExtraLink({ view, kind }: { view: OnlineAccessView; kind: 'networking' | 'expertQa' }) {
  const { t } = useTranslation('delivery');
  const extra = view.extras.find((x) => x.kind === kind);
  if (!extra) return null;
  return (
    <a className="online-access__extra" href={extra.href}>
      {t('online.openExtra', { name: t(`online.kinds.${kind}`) })}
    </a>
  );
}

function Materials({ title, materials }: { title: string; materials: MaterialLink[] }) {
  const { t } = useTranslation('delivery');
  if (materials.length === 0) return null;
  return (
    <ul className="online-access__materials" aria-label={t('online.materialsOf', { title })}>
      {materials.map((m) => (
        <li key={m.id}>
          <a href={m.href}>{m.title}</a>
        </li>
      ))}
    </ul>
  );
}
