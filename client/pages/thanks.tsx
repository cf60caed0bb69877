import { Island } from '../components/island';
import { OrderStatus } from '../components/order-status';

/** The buyer's thank-you page: the order, read in the browser from the URL's query, so at load. */
export default function Thanks() {
  return <Island name="order" component={OrderStatus} start="at-load" />;
}
