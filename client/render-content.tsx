import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type {
  ContentList,
  ExhibitorView,
  LogoView,
  PartnerView,
  SessionView,
  SpeakerView,
  WorkshopView,
} from '../site/content-view';
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

/** See site/content-renderer.d.ts. */
export const renderSpeakerItems = (lang: LanguageCode, speakers: readonly SpeakerView[]) =>
  render(
    lang,
    speakers.map((speaker) => (
      <li key={speaker.anchor}>
        <SpeakerCard speaker={speaker} />
      </li>
    )),
  );

/** See site/content-renderer.d.ts. */
export const renderSessionItems = (lang: LanguageCode, sessions: readonly SessionView[]) =>
  render(
    lang,
    sessions.map((session) => (
      <li key={session.id}>
        <SessionCard session={session} />
      </li>
    )),
  );

/** See site/content-renderer.d.ts. */
export const renderWorkshopList = (lang: LanguageCode, workshops: readonly WorkshopView[]) =>
  render(lang, <WorkshopList workshops={workshops} />);

/** See site/content-renderer.d.ts. */
export const renderExhibitorList = (lang: LanguageCode, exhibitors: readonly ExhibitorView[]) =>
  render(lang, <ExhibitorList exhibitors={exhibitors} />);

/** See site/content-renderer.d.ts. */
export const renderPartnerList = (lang: LanguageCode, partners: readonly PartnerView[]) =>
  render(lang, <PartnerList partners={partners} />);

/** See site/content-renderer.d.ts. */
export const renderHomeSpeakers = (lang: LanguageCode, speakers: readonly SpeakerView[]) =>
  render(lang, <HomeSpeakers speakers={speakers} />);

/** See site/content-renderer.d.ts. */
export const renderHomeSchedule = (lang: LanguageCode, sessions: readonly SessionView[]) =>
  render(lang, <HomeSchedule sessions={sessions} />);

/** See site/content-renderer.d.ts. */
export const renderHomeLogos = (lang: LanguageCode, logos: readonly LogoView[]) =>
  render(lang, <HomeLogos logos={logos} />);

/** See site/content-renderer.d.ts. */
export async function listTitles(lang: LanguageCode): Promise<Record<'speakers' | 'workshops', string>> {
  const i18n = await i18nFor(lang);
  return { speakers: i18n.t('events:speakers.listTitle'), workshops: i18n.t('events:workshops.listTitle') };
}

/** See site/content-renderer.d.ts. */
export async function mixedNotes(lang: LanguageCode): Promise<Record<Exclude<ContentList, 'exhibitors'>, string>> {
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
}
