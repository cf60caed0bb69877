import { useTranslation } from 'react-i18next';
import { HOME_SESSIONS, HOME_SPEAKERS } from '../../site/content-view';
import { exampleSessionViews, exampleSpeakerViews } from '../lib/example-views';
import { About } from '../sections/about';
import { ScheduleTeaser, SpeakersTeaser } from '../sections/coming-soon';
import { Exhibition } from '../sections/exhibition';
import { Hero } from '../sections/hero';
import { HomeContact } from '../sections/home-contact';
import { HomeFaq } from '../sections/home-faq';
import { HomeTickets } from '../sections/home-tickets';
import { SpecialEvents } from '../sections/special-events';

/** The home page, in the order of the specification. */
export default function Home() {
  const { t } = useTranslation('events');
  // The build shows the example lists; the store's replace them (worker/content/pages.ts).
  const sessions = Object.values(exampleSessionViews(t))
    .flat()
    .sort((a, b) => a.start.localeCompare(b.start))
    .slice(0, HOME_SESSIONS);
  return (
    <>
      <Hero />
      <About />
      <SpeakersTeaser speakers={exampleSpeakerViews(t).slice(0, HOME_SPEAKERS)} />
      <ScheduleTeaser sessions={sessions} />
      <Exhibition />
      <SpecialEvents />
      <HomeTickets />
      <HomeFaq />
      <HomeContact />
    </>
  );
}
