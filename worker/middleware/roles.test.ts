import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../../site/staff';
import type { AppEnv, Bindings } from '../env';
import { ApiError } from '../errors';
import { allow, declaredRoles, requireDeclaredRole, shapeForRole } from './roles';

/** A stand-in for the organisers' check: the role comes from a header. */
const app = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    const role = c.req.header('X-Role') as StaffRole;
    c.set('staff', { name: 'Test', role, via: 'token', id: null });
    requireDeclaredRole(c, role);
    await next();
    await shapeForRole(c, role);
  })
  .get('/declared', allow('door'), (c) =>
    c.json({
      name: 'Ola',
      email: 'ola@example.com',
      orders: [{ buyerEmail: 'b@example.com', invoice: { taxId: '1' } }],
    }),
  )
  .get('/undeclared', (c) => c.json({ ok: true }))
  .onError((err, c) => (err instanceof ApiError ? c.json({ error: err.code }, err.status) : c.text('?', 500)));

const ask = (path: string, role: StaffRole) => app.request(path, { headers: { 'X-Role': role } }, env as Bindings);

describe('allow and the default deny', () => {
  it('lets the declared roles and admin through, answers 403 forbidden to the rest', async () => {
    expect((await ask('/declared', 'door')).status).toBe(200);
    expect((await ask('/declared', 'admin')).status).toBe(200);
    const finance = await ask('/declared', 'finance');
    expect(finance.status).toBe(403);
    expect(await finance.json()).toEqual({ error: 'forbidden' });
  });

  it('keeps a route that declares no role to admins', async () => {
    expect((await ask('/undeclared', 'admin')).status).toBe(200);
    for (const role of ['finance', 'content', 'door'] as const)
      expect((await ask('/undeclared', role)).status).toBe(403);
  });

  it('lets a path no route has fall through to 404', async () => {
    expect((await ask('/nothing', 'door')).status).toBe(404);
  });

  it('names the roles an allow declares', () => {
    expect(declaredRoles(allow('finance', 'door'))).toEqual(['finance', 'door']);
    expect(declaredRoles(allow())).toEqual([]);
    expect(declaredRoles(() => {})).toBeUndefined();
  });
});

describe('shapeForRole', () => {
  it('takes e-mails, buyers and invoice data out of every depth of the door’s answers', async () => {
    expect(await (await ask('/declared', 'door')).json()).toEqual({ name: 'Ola', orders: [{}] });
  });

  it('leaves the answers of the other roles as they are', async () => {
    expect(await (await ask('/declared', 'admin')).json()).toMatchObject({
      email: 'ola@example.com',
      orders: [{ buyerEmail: 'b@example.com', invoice: { taxId: '1' } }],
    });
  });
});
