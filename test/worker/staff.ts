import { SELF } from 'cloudflare:test';
import type { StaffMember, StaffRole } from '../../site/staff';
import { ORIGIN } from './platform';

/** The bootstrap admin of the worker tests (vitest.config.ts). */
export const BOOTSTRAP = { Authorization: 'Bearer test-admin-token' };

let made = 0;

/**
 * A person with a console token of their own, made by the bootstrap admin through the API.
 * The name gets a number so that tests never meet a name already taken.
 */
export async function staffMember(
  role: StaffRole,
  name = `Osoba ${role}`,
): Promise<{ member: StaffMember; token: string; headers: { Authorization: string } }> {
  const res = await SELF.fetch(`${ORIGIN}/api/admin/staff`, {
    method: 'POST',
    headers: { ...BOOTSTRAP, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `${name} ${Date.now() % 100000}-${++made}`, role }),
  });
  if (res.status !== 201) throw new Error(`staff not made: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { member: StaffMember; token: string };
  return { ...body, headers: { Authorization: `Bearer ${body.token}` } };
}
