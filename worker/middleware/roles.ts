import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { StaffRole } from '../../site/staff';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

/** The roles each `allow(...)` middleware lets through, so that checks and tests can find them. */
const declared = new WeakMap<object, readonly StaffRole[]>();

/**
 * A route's role declaration, first in its handlers: `.post('/orders/:id/refund', allow('finance'), ...)`.
 * Admin may do everything, so it is always let through; `allow()` alone is admin only. Anyone else
 * gets 403 `forbidden` before the route validates or reads anything.
 */
export function allow(...roles: StaffRole[]): MiddlewareHandler<AppEnv> {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    if (!mayUse(c.get('staff')?.role, roles)) throw new ApiError(403, 'forbidden');
    await next();
  });
  declared.set(middleware, roles);
  return middleware;
}

const mayUse = (role: StaffRole | undefined, roles: readonly StaffRole[]) =>
  role === 'admin' || (role !== undefined && roles.includes(role));

/** The roles a handler declares, when it is an `allow(...)` (for the route table's test). */
export function declaredRoles(handler: unknown): readonly StaffRole[] | undefined {
  if (typeof handler !== 'function') return undefined;
  // A sub-app with its own onError wraps each handler; Hono keeps the original on the wrapper.
  const inner = (handler as unknown as Record<string, unknown>).__COMPOSED_HANDLER ?? handler;
  return declared.get(inner as object) ?? declared.get(handler);
}

/**
 * Default deny: a route that declares no role is admin only, even before the route-table test
 * catches it. A path no route matches falls through to its 404.
 */
export function requireDeclaredRole(c: Context<AppEnv>, role: StaffRole): void {
  if (role === 'admin') return;
  const routes = matchedRoutes(c);
  const routed = routes.some((route) => route.method !== 'ALL');
  if (routed && !routes.some((route) => declaredRoles(route.handler))) throw new ApiError(403, 'forbidden');
}

/**
 * What a role does not see even where it shares a route (product decisions: no role sees more
 * personal data than its work needs): the door gets a holder's name and product, never an e-mail
 * address, the buyer's name or invoice data. Applied to every JSON answer the role gets, at any
 * depth, so a route added for the door cannot hand them over by accident.
 */
const HIDDEN_FROM: Partial<Record<StaffRole, ReadonlySet<string>>> = {
  door: new Set(['email', 'buyerEmail', 'buyerName', 'invoice', 'company', 'taxId', 'phone', 'address']),
};

const without = (value: unknown, hidden: ReadonlySet<string>): unknown => {
  if (Array.isArray(value)) return value.map((item) => without(item, hidden));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !hidden.has(key))
        .map(([key, item]) => [key, without(item, hidden)]),
    );
  }
  return value;
};

/** Removes what `role` may not see from the JSON answer `c.res`, keeping its status and headers. */
export async function shapeForRole(c: Context<AppEnv>, role: StaffRole): Promise<void> {
  const hidden = HIDDEN_FROM[role];
  if (!hidden || !c.res.headers.get('Content-Type')?.startsWith('application/json')) return;
  const body = await c.res
    .clone()
    .json()
    .catch(() => undefined);
  if (body === undefined) return;
  const headers = new Headers(c.res.headers);
  headers.delete('Content-Length');
  c.res = new Response(JSON.stringify(without(body, hidden)), { status: c.res.status, headers });
}
