// The console's paths of the order screens, apart from both screens so that neither imports the other.

/** The order list's last filters, so that the way back from an order finds them again. */
let lastSearch = '';

/** Remembers the order list's query (its filters, page order) as the list shows it now. */
export const rememberOrdersSearch = (search: string) => {
  lastSearch = search;
};

/** The order list as it was last shown. */
export const ordersHref = () => (lastSearch ? `/orders?${lastSearch}` : '/orders');

/** One order's screen. */
export const orderHref = (id: string) => `/orders/${encodeURIComponent(id)}`;
