import { env, runInDurableObject, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { LogEntry, Order } from '../../site/orders';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { STAFF_LOG_RETENTION_MS, type StaffLogEntry, type StaffMember } from '../../site/staff';
import { sha256Hex } from '../../worker/crypto';
import { ticketCode, ticketKey } from '../../worker/tickets/code';
import { freshBoxOfficeEachTest, office } from './box-office';
import { ORIGIN } from './platform';
import { BOOTSTRAP, staffMember } from './staff';

const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  SELF.fetch(`${ORIGIN}/api/admin${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let serial = 0;
/** A paid order of one on-site ticket held by a named person, with invoice data. */
async function paidOrder(): Promise<Order> {
  serial++;
  const id = `01KE${String(serial).padStart(22, '0')}`;
  await office().purchase({
    consent: { ...CONSENT_VERSIONS },
    id,
    items: [{ product: 'onsite-pro', name: 'Ola Gość' }],
    email: `kupujacy${serial}@example.com`,
    name: 'Kupujący Firma',
    lang: 'pl',
    invoice: {
      name: 'ACME sp. z o.o.',
      taxId: '5260250274',
      street: 'Prosta 1',
      postalCode: '00-001',
      city: 'Warszawa',
      country: 'PL',
    },
    provider: 'demo',
    tokenHash: await sha256Hex('secret'),
    fingerprint: id,
    now: Date.now(),
  });
  await office().startPayment(id, `demo_${id}`, null, Date.now());
  await office().settle(id, 'paid', Date.now(), { by: 'test' });
  return (await office().order(id)) as Order;
}

freshBoxOfficeEachTest({ kv: false, silence: ['log', 'warn'] });

describe('personal console tokens', () => {
  it('are answered once, stored only as their hash, listed without them, and sign their holder in', async () => {
    const res = await call('POST', '/staff', BOOTSTRAP, { name: '  Łucja Żak ', role: 'door' });
    expect(res.status).toBe(201);
    const { member, token } = (await res.json()) as { member: StaffMember; token: string };
    expect(member).toMatchObject({ name: 'Łucja Żak', role: 'door', createdBy: 'ADMIN_TOKEN', revokedAt: null });
    expect(token).toMatch(/^kst_[A-Za-z0-9_-]{43}$/);

    const stored = await runInDurableObject(office(), (_, state) =>
      state.storage.sql.exec<{ token_hash: string }>('SELECT token_hash FROM staff WHERE id = ?', member.id).one(),
    );
    expect(stored.token_hash).toBe(await sha256Hex(token));

    const list = await (await call('GET', '/staff', BOOTSTRAP)).text();
    expect(list).toContain(member.id);
    expect(list).not.toContain(token);
    expect(list).not.toContain(stored.token_hash);

    const me = await call('GET', '/me', { Authorization: `Bearer ${token}` });
    expect(await me.json()).toEqual({ name: 'Łucja Żak', role: 'door', via: 'token' });
    // Revoked below so that the name is free again for another run of this file.
    expect((await call('DELETE', `/staff/${member.id}`, BOOTSTRAP)).status).toBe(200);
  });

  it('stop working at the next request once revoked, which is said once', async () => {
    const anna = await staffMember('finance', 'Anna');
    expect((await call('GET', '/orders', anna.headers)).status).toBe(200);
    const revoked = await call('DELETE', `/staff/${anna.member.id}`, BOOTSTRAP);
    expect(await revoked.json()).toMatchObject({ id: anna.member.id, revokedBy: 'ADMIN_TOKEN' });
    expect((await call('GET', '/orders', anna.headers)).status).toBe(401);
    const again = await call('DELETE', `/staff/${anna.member.id}`, BOOTSTRAP);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'already_revoked', revokedBy: 'ADMIN_TOKEN' });
    expect((await call('DELETE', '/staff/01ARZ3NDEKTSV4RRFFQ69G5FAV', BOOTSTRAP)).status).toBe(404);
  });

  it('refuse a bad name or role with the field, and a name someone already signs with', async () => {
    for (const [body, fields] of [
      [{}, { name: 'required', role: 'invalid_role' }],
      [{ name: 'anna@firma.pl', role: 'door' }, { name: 'invalid_characters' }],
      [{ name: 'ADMIN_TOKEN', role: 'admin' }, { name: 'invalid_characters' }],
      [{ name: 'x'.repeat(61), role: 'door' }, { name: 'too_long' }],
      [{ name: 'Ewa', role: 'superuser' }, { role: 'invalid_role' }],
    ] as const) {
      const res = await call('POST', '/staff', BOOTSTRAP, body);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: 'invalid_fields', fields });
    }
    const ewa = await staffMember('content', 'Ewa');
    const twin = await call('POST', '/staff', BOOTSTRAP, { name: ewa.member.name.toUpperCase(), role: 'door' });
    expect(twin.status).toBe(409);
    expect(await twin.json()).toEqual({ error: 'name_taken' });
  });

  it('may be made and revoked by admins only', async () => {
    const finance = await staffMember('finance');
    expect((await call('POST', '/staff', finance.headers, { name: 'Nowy', role: 'admin' })).status).toBe(403);
    expect((await call('GET', '/staff', finance.headers)).status).toBe(403);
    const admin = await staffMember('admin', 'Szefowa');
    const made = await call('POST', '/staff', admin.headers, {
      name: `Nowy ${serial++}${Date.now() % 1000}`,
      role: 'door',
    });
    expect(made.status).toBe(201);
    expect(((await made.json()) as { member: StaffMember }).member.createdBy).toBe(admin.member.name);
  });
});

describe('the staff log', () => {
  it('records every change with the verified identity and role, refused ones too; the order log names the person', async () => {
    const order = await paidOrder();
    const door = await staffMember('door', 'Bramka');
    const finance = await staffMember('finance', 'Księgowa');
    expect((await call('POST', `/orders/${order.id}/refund`, door.headers)).status).toBe(403);
    expect((await call('POST', `/orders/${order.id}/refund`, finance.headers)).status).toBe(200);

    const history = (await office().history(order.id)) as LogEntry[];
    expect(history.find((entry) => entry.event === 'refunded')?.data).toMatchObject({ by: finance.member.name });

    const { entries } = (await (await call('GET', '/staff/log?limit=5', BOOTSTRAP)).json()) as {
      entries: StaffLogEntry[];
    };
    const path = `/api/admin/orders/${order.id}/refund`;
    expect(entries.filter((entry) => entry.path === path)).toEqual([
      expect.objectContaining({ actor: finance.member.name, role: 'finance', method: 'POST', status: 200 }),
      expect.objectContaining({ actor: door.member.name, role: 'door', method: 'POST', status: 403 }),
    ]);
    expect((await call('GET', '/staff/log', finance.headers)).status).toBe(403);
  });

  it('says whom a staff change concerned, and reads nothing into the log', async () => {
    const made = await staffMember('content', 'Redaktorka');
    const { entries } = (await (await call('GET', '/staff/log?limit=1', BOOTSTRAP)).json()) as {
      entries: StaffLogEntry[];
    };
    expect(entries[0]).toMatchObject({
      actor: 'ADMIN_TOKEN',
      method: 'POST',
      path: '/api/admin/staff',
      status: 201,
      detail: `${made.member.name} (content) ${made.member.id}`,
    });
    expect((await call('GET', '/orders', made.headers)).status).toBe(403);
    const after = (await (await call('GET', '/staff/log?limit=1', BOOTSTRAP)).json()) as { entries: StaffLogEntry[] };
    expect(after.entries[0]?.seq).toBe(entries[0]?.seq);
  });

  it('keeps two years', async () => {
    const now = Date.now();
    const entry = { actor: 'x', role: 'admin', method: 'POST', path: '/old', status: 200, detail: null } as const;
    await office().logStaffChange({ ...entry, at: now - STAFF_LOG_RETENTION_MS - 1000 });
    await office().logStaffChange({ ...entry, path: '/kept', at: now - STAFF_LOG_RETENTION_MS + 60_000 });
    await office().logStaffChange({ ...entry, path: '/new', at: now });
    const paths = (await office().staffLog(null, 500)).map((e) => e.path);
    expect(paths).toContain('/kept');
    expect(paths).toContain('/new');
    expect(paths).not.toContain('/old');
  });
});

describe('what each role sees', () => {
  it('gives the door a holder’s name and product at check-in, never an e-mail or invoice data', async () => {
    const order = await paidOrder();
    const ticket = order.tickets[0] as Order['tickets'][number];
    const door = await staffMember('door', 'Wejście');
    const res = await call('POST', '/check-in', door.headers, { ticket: await ticketCode(ticketKey(env), ticket) });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ name: 'Ola Gość', product: 'onsite-pro' });
    expect(text).not.toMatch(/@|email|invoice|ACME|5260250274/i);
    // Nor anything of the order's own screens.
    for (const path of [`/orders/${order.id}`, '/orders', '/invoices', '/stats']) {
      expect((await call('GET', path, door.headers)).status).toBe(403);
    }
  });

  it('gives finance the order with the buyer’s invoice data', async () => {
    const order = await paidOrder();
    const finance = await staffMember('finance', 'Faktury');
    const res = await call('GET', `/orders/${order.id}`, finance.headers);
    expect(await res.json()).toMatchObject({ order: { email: order.email, invoice: { taxId: '5260250274' } } });
  });
});
