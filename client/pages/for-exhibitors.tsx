import { CooperationPage } from '../components/cooperation-page';

export default function Page() {
  return <CooperationPage id="forExhibitors" />;
}
