import { isStaffRole, type StaffRole } from '../../site/staff';

/** A STAFF_ROLES entry that cannot be read: the deployment is misconfigured. */
export class StaffRolesError extends Error {}

/**
 * Who has which role in production (Cloudflare Access): the STAFF_ROLES var, entries separated by
 * commas, semicolons or new lines, each `e-mail=role` (`anna@firma.pl=admin, piotr@firma.pl=door`).
 * E-mails compare without case, as Access's identity providers treat them. A service token (for a
 * script) is named by its Client ID in the same way. An entry that cannot be read refuses the whole
 * list: half a list would lock out or let in the wrong people silently.
 */
export function parseStaffRoles(text: string | undefined): Map<string, StaffRole> {
  const roles = new Map<string, StaffRole>();
  for (const entry of (text ?? '').split(/[,;\n]/)) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const match = /^([^\s=]+)\s*[=:]\s*([a-z]+)$/.exec(trimmed);
    const role = match?.[2];
    if (!match?.[1] || !isStaffRole(role)) throw new StaffRolesError(`STAFF_ROLES entry not understood: ${trimmed}`);
    roles.set(match[1].toLowerCase(), role);
  }
  return roles;
}
