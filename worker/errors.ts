import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ORDER_STATUSES, type OrderStatus, type TicketStatus } from '../site/orders';

/**
 * The one error a route throws for a client-facing failure: the app answers it as JSON
 * `{ error: code, ...details }` with its status (worker/index.ts, `onError`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

/**
 * A change of an order's status that the lifecycle (site/orders.ts `ORDER_TRANSITIONS`) does not
 * allow; nothing was written. Thrown in the box office, it reaches a route through the Durable
 * Object's RPC as an Error with its message, which `apiErrorOf` reads back.
 */
export class IllegalTransition extends Error {
  constructor(
    readonly from: OrderStatus | TicketStatus,
    readonly to: OrderStatus | TicketStatus,
  ) {
    super(`illegal_transition ${from} -> ${to}`);
    this.name = 'IllegalTransition';
  }
}

const ILLEGAL_TRANSITION = /^illegal_transition (\w+) -> (\w+)$/;

/**
 * The client-facing error an error stands for, or null: an ApiError itself, and an illegal change
 * of status (thrown here or across the box office's RPC) as 409 with the order's current status.
 */
export function apiErrorOf(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  const found = error instanceof Error ? ILLEGAL_TRANSITION.exec(error.message) : null;
  if (!found || !isStatus(found[1]) || !isStatus(found[2])) return null;
  return new ApiError(409, 'illegal_transition', { status: found[1], to: found[2] });
}

const isStatus = (value: string | undefined): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value ?? '');
