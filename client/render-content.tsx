import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type * as Renderer from '../site/content-renderer';
import { EVENT } from '../site/event';
import { formatDate } from '../site/format';
import type { LanguageCode } from '../site/languages';
import { ExhibitorList, PartnerList } from './components/expo-lists';
import { SessionCard } from './components/session-card';
import { SpeakerCard } from './components/speaker-card';
import { WorkshopList } from './components/workshop-card';
import { createI18n, loadNamespaces } from './lib/i18n';
import { HomeSchedule, HomeSpeakers } from './sections/coming-soon';
import { HomeLogos } from './sections/exhibition';

/** One i18n instance per language, made once per isolate: the cards only read the catalogues. */
const instances = new Map<LanguageCode, Promise<I18n>>();
function i18nFor(lang: LanguageCode): Promise<I18n> {
  let ready = instances.get(lang);
  if (!ready) {
    const i18n = createI18n(lang);
    ready = loadNamespaces(i18n, lang, ['common', 'events', 'home', 'workshop']).then(() => i18n);
    instances.set(lang, ready);
  }
  return ready;
}

async function render(lang: LanguageCode, children: ReactNode): Promise<string> {
  const i18n = await i18nFor(lang);
  return renderToString(<I18nextProvider i18n={i18n}>{children}</I18nextProvider>);
}

/** Each card in a list item of its own: the slot is the page's list, so only its items are written. */
const items = <V,>(views: readonly V[], key: (view: V) => string, card: (view: V) => ReactNode) =>
  views.map((view) => <li key={key(view)}>{card(view)}</li>);

// Typed by the declarations the worker sees (site/content-renderer.d.ts), so the two cannot drift.
export const renderSpeakerItems: typeof Renderer.renderSpeakerItems = (lang, speakers) =>
  render(
    lang,
    items(
      speakers,
      (speaker) => speaker.anchor,
      (speaker) => <SpeakerCard speaker={speaker} />,
    ),
  );
export const renderSessionItems: typeof Renderer.renderSessionItems = (lang, sessions) =>
  render(
    lang,
    items(
      sessions,
      (session) => session.id,
      (session) => <SessionCard session={session} />,
    ),
  );
export const renderWorkshopList: typeof Renderer.renderWorkshopList = (lang, workshops) =>
  render(lang, <WorkshopList workshops={workshops} />);
export const renderExhibitorList: typeof Renderer.renderExhibitorList = (lang, exhibitors) =>
  render(lang, <ExhibitorList exhibitors={exhibitors} />);
export const renderPartnerList: typeof Renderer.renderPartnerList = (lang, partners) =>
  render(lang, <PartnerList partners={partners} />);
export const renderHomeSpeakers: typeof Renderer.renderHomeSpeakers = (lang, speakers) =>
  render(lang, <HomeSpeakers speakers={speakers} />);
export const renderHomeSchedule: typeof Renderer.renderHomeSchedule = (lang, sessions) =>
  render(lang, <HomeSchedule sessions={sessions} />);
export const renderHomeLogos: typeof Renderer.renderHomeLogos = (lang, logos) =>
  render(lang, <HomeLogos logos={logos} />);

export const listTitles: typeof Renderer.listTitles = async (lang) => {
  const i18n = await i18nFor(lang);
  return { speakers: i18n.t('events:speakers.listTitle'), workshops: i18n.t('events:workshops.listTitle') };
};

export const mixedNotes: typeof Renderer.mixedNotes = async (lang) => {
  const i18n = await i18nFor(lang);
  const t = i18n.getFixedT(lang, 'events');
  const date = formatDate(lang, EVENT.listsPublishedOn);
  const note = (title: string, text: string) =>
    renderToString(
      <>
        <p className="notice__title">{title}</p>
        <p>{text}</p>
      </>,
    );
  return {
    speakers: note(t('speakers.noticeTitle', { date }), t('speakers.noticeMixed')),
    workshops: note(t('workshops.noticeTitle', { date }), t('workshops.noticeMixed')),
    sessions: note(t('program.noticeMixedTitle'), t('program.noticeMixed', { date })),
  };
};
