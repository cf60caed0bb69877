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
  return (
    <>
      <Hero />
      <About />
      <SpeakersTeaser />
      <ScheduleTeaser />
      <Exhibition />
      <SpecialEvents />
      <HomeTickets />
      <HomeFaq />
      <HomeContact />
    </>
  );
}
