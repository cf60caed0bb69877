import type { APIRequestContext } from '@playwright/test';
import type { StaffMember, StaffRole } from '../../site/staff';
import { E2E_ADMIN_TOKEN } from './playwright.config';

const BOOTSTRAP = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

/**
 * A person's own console token, made by the bootstrap admin through the API. A working token of the
 * same name (from an earlier run against the same server) is revoked first: names are unique.
 */
export async function staffToken(request: APIRequestContext, name: string, role: StaffRole): Promise<string> {
  const list = (await (await request.get('/api/admin/staff', { headers: BOOTSTRAP })).json()) as {
    staff: StaffMember[];
  };
  for (const member of list.staff.filter((m) => m.name === name && !m.revokedAt)) {
    await request.delete(`/api/admin/staff/${member.id}`, { headers: BOOTSTRAP });
  }
  const res = await request.post('/api/admin/staff', { headers: BOOTSTRAP, data: { name, role } });
  if (res.status() !== 201) throw new Error(`no token for ${name}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
