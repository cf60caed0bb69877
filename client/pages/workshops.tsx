import { PageIntro } from '../components/page-intro';

export default function Page() {
  return <PageIntro id="workshops" />;
}
