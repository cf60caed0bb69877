import { useTranslation } from 'react-i18next';
import { WORKSHOPS } from '../../site/workshops';
import { Island } from '../components/island';
import { OrderStatus } from '../components/order-status';

/**
 * The buyer's thank-you page: the order, read in the browser from the URL's query, so at load.
 * The workshops' titles go with the island, so that it loads no events catalogue for them.
 */
export default function Thanks() {
  const { t } = useTranslation('events');
  const workshopTitles = Object.fromEntries(WORKSHOPS.map(({ id }) => [id, t(`workshops.items.${id}.title`)]));
  return <Island name="order" component={OrderStatus} props={{ workshopTitles }} start="at-load" />;
}
