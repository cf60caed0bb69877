import { useTranslation } from 'react-i18next';
import { PRODUCTS } from '../../site/tickets';
import { WORKSHOPS } from '../../site/workshops';
import { Island } from '../components/island';
import { OrderStatus } from '../components/order-status';
import { useProductName } from '../components/ticket-card';

/**
 * The buyer's thank-you page: the order, read in the browser from the URL's query, so at load.
 * The workshops' titles and the products' names go with the island, so that it loads no events or
 * tickets catalogue for them.
 */
export default function Thanks() {
  const { t } = useTranslation('events');
  const productName = useProductName();
  const workshopTitles = Object.fromEntries(WORKSHOPS.map(({ id }) => [id, t(`workshops.items.${id}.title`)]));
  const productNames = Object.fromEntries(PRODUCTS.map(({ id }) => [id, productName(id)]));
  return <Island name="order" component={OrderStatus} props={{ workshopTitles, productNames }} start="at-load" />;
}
