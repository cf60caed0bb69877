import { useTranslation } from 'react-i18next';
import type { ProductId } from '../../site/tickets';
import { FEW_LEFT, type ProductState } from '../lib/availability';

/** What the shop can say of a product now: sold out, sales closed, or how few places are left. */
export function ProductAvailability({ state }: { state: ProductState | undefined }) {
  const { t } = useTranslation('tickets');
  if (!state) return null;
  const text =
    state.status === 'sold_out'
      ? t('availability.soldOut')
      : state.status === 'closed'
        ? t('availability.closed')
        : state.remaining !== null && state.remaining <= FEW_LEFT
          ? t('availability.left', { count: state.remaining })
          : null;
  if (!text) return null;
  return (
    <p className={`availability availability--${state.status}`} role="status">
      {text}
    </p>
  );
}

/** Whether a product's button may open the purchase dialog (unknown counts as yes: the server decides). */
export const purchasable = (states: Map<ProductId, ProductState> | null, id: ProductId) =>
  !states || states.get(id)?.status === 'on_sale';
