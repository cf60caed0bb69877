import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../../site/staff';
import { app } from '../../worker/index';
import { declaredRoles } from '../../worker/middleware/roles';
import { ORIGIN } from './platform';
import { staffMember } from './staff';

/**
 * Every route of the organisers' API × every role, generated from the app's own route list: a route
 * added without `allow(...)` fails here, and each declaration is checked against what the API
 * answers. A route with a parameter not named below fails too: give it a sample value.
 */
const SAMPLES: Record<string, string> = {
  id: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  ticketId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  kind: 'speakers',
  sid: '999999',
  file: '01ARZ3NDEKTSV4RRFFQ69G5FAV.pdf',
  subject: 'main',
  role: 'live',
  code: 'NO-SUCH-CODE',
  refund: 'ticket-01ARZ3NDEKTSV4RRFFQ69G5FAV',
};

type Route = { method: string; path: string; roles: readonly StaffRole[] | undefined };

const routes: Route[] = [];
for (const route of app.routes) {
  if (route.method === 'ALL' || !route.path.startsWith('/api/admin/')) continue;
  let found = routes.find((r) => r.method === route.method && r.path === route.path);
  if (!found) {
    found = { method: route.method, path: route.path, roles: undefined };
    routes.push(found);
  }
  found.roles ??= declaredRoles(route.handler);
}

/** A path of the route with sample values for its parameters. */
const concrete = (path: string) =>
  path.replace(/:(\w+)([^/]*)/g, (_, name: string, pattern: string) => {
    // A numeric parameter (`:id{[0-9]{1,9}}`) takes a number, else its route would not match at all.
    const sample = pattern.includes('[0-9]') ? '1' : SAMPLES[name];
    if (!sample) throw new Error(`no sample value for :${name} in ${path}`);
    return sample;
  });

const may = (route: Route, role: StaffRole) => role === 'admin' || Boolean(route.roles?.includes(role));

const tokens = {} as Record<StaffRole, string>;
beforeAll(async () => {
  for (const role of STAFF_ROLES) tokens[role] = (await staffMember(role, `Tabela ${role}`)).token;
});

const ask = (route: Route, role: StaffRole) =>
  SELF.fetch(ORIGIN + concrete(route.path), {
    method: route.method,
    headers: { Authorization: `Bearer ${tokens[role]}`, 'Content-Type': 'application/json' },
    body: route.method === 'GET' || route.method === 'HEAD' ? undefined : '{}',
  });

describe('the organisers API: every route × every role', () => {
  it('finds the routes in the app', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s declares the roles it lets in', (_, route) => {
    expect(route.roles, 'add allow(...roles) as the first handler of this route').toBeDefined();
  });

  const table = routes.flatMap((route) =>
    STAFF_ROLES.map(
      (role) => [`${route.method} ${route.path}`, role, may(route, role) ? 'allowed' : 'forbidden', route] as const,
    ),
  );
  it.each(table)('%s as %s: %s', async (_, role, expected, route) => {
    const res = await ask(route, role);
    const body = await res.text();
    if (expected === 'forbidden') {
      expect(res.status, body).toBe(403);
      expect(JSON.parse(body)).toEqual({ error: 'forbidden' });
    } else {
      expect([401, 403], `${res.status} ${body}`).not.toContain(res.status);
    }
  });
});

describe('the roles follow the product decisions', () => {
  const allowedTo = (role: StaffRole) => routes.filter((route) => may(route, role)).map((r) => `${r.method} ${r.path}`);

  it('lets the door only check in (and ask who it is)', () => {
    for (const route of allowedTo('door')) {
      expect(route).not.toMatch(/\/(orders|invoices|transfers|holds|messages|content|staff|stats)(\/|$)/);
    }
    expect(allowedTo('door')).toEqual(
      expect.arrayContaining([
        'POST /api/admin/check-in',
        'POST /api/admin/check-in/sync',
        // The offline list its app decides by when the network fails.
        'GET /api/admin/door/offline-list',
      ]),
    );
  });

  it('keeps finance to orders, refunds, invoices and transfers, and content to publishing', () => {
    for (const route of allowedTo('finance')) expect(route).not.toMatch(/\/(content|staff|check-in)(\/|$)/);
    expect(allowedTo('finance')).toEqual(
      expect.arrayContaining([
        'POST /api/admin/orders/:id/refund',
        // An invoice asked for after the sale, and a correction of the buyer's data on one.
        'POST /api/admin/orders/:id/invoice',
        'POST /api/admin/invoices/:id/buyer-correction',
        'GET /api/admin/invoices',
        // The quarterly One Stop Shop report for the accountant.
        'GET /api/admin/reports/oss',
        // Its euro rate entered or overridden by hand.
        'PUT /api/admin/reports/oss/rate',
        // What an organiser found checking a sale whose evidence did not back its country.
        'POST /api/admin/reports/oss/checks',
        'POST /api/admin/transfers/import',
        'GET /api/admin/waitlist',
      ]),
    );
    for (const route of allowedTo('content')) {
      expect(route).not.toMatch(/\/(orders|invoices|transfers|holds|messages|staff|check-in|stats)(\/|$)/);
    }
  });

  it('leaves personal-data requests (export and erasure) to admins', () => {
    for (const role of ['finance', 'content', 'door'] as const) {
      expect(allowedTo(role).filter((route) => route.includes('/personal-data'))).toEqual([]);
    }
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/personal-data', 'POST /api/admin/personal-data/erase']),
    );
  });

  it('leaves managing staff and reading the staff log to admins', () => {
    for (const role of ['finance', 'content', 'door'] as const) {
      expect(allowedTo(role).filter((route) => route.includes('/staff'))).toEqual([]);
    }
  });
});
