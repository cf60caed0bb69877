import {
  PRICE_STEP,
  PRICE_STEP_INACTIVE,
  type ProductId,
  priceAt,
  priceStepAt,
  priceStepKey,
  product,
} from '../../site/tickets';

/**
 * Each price step of a product with what it shows (the price as priceAt gives it from the step's
 * first moment) and the attributes that mark it: the pages carry every step, and the one in force
 * is shown (site/tickets.ts PRICE_STEP; the worker marks them again for each request).
 */
export function priceSteps(id: ProductId) {
  const item = product(id);
  const now = priceStepAt(item, Date.now());
  return item.prices.map((step, index) => ({
    key: step.from,
    price: priceAt(item, Date.parse(step.from)),
    attributes: {
      [PRICE_STEP]: priceStepKey(id, index),
      ...(index === now ? {} : { [PRICE_STEP_INACTIVE]: '' }),
    },
  }));
}
