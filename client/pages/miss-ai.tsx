import { GalaPage } from '../components/gala-page';

export default function Page() {
  return <GalaPage gala="missAi" />;
}
