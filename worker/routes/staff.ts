import { Hono } from 'hono';
import { z } from 'zod';
import { STAFF_ROLES } from '../../site/staff';
import { boxOffice } from '../box-office/box-office';
import { base64url, sha256Hex } from '../crypto';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { ID_PATTERN, timeSortableId } from '../ids';
import { organiserName, STAFF_TOKEN_PREFIX } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { validJson, validQuery } from '../middleware/validation';

/**
 * A person's name as the logs will show it: letters (any language), digits, spaces and . ' -.
 * No `@` (an Access e-mail) and no `_` (ADMIN_TOKEN), so a token's name cannot pass for either.
 */
const staffBody = z.object({
  name: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(60, { error: 'too_long' })
    .regex(/^[\p{L}\p{M}\p{N} .'-]+$/u, { error: 'invalid_characters' }),
  role: z.enum(STAFF_ROLES, { error: 'invalid_role' }),
});

const logQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * Staff and who is asking (mounted under /api/admin, behind the organisers' check):
 * - `GET /me`: the verified identity and role (every role: the console shows that role's screens).
 * - `POST /staff` `{name, role}` (admin): a person's own console token, answered this once (201
 *   `{member, token}`); kept only as its SHA-256. 409 `name_taken` for the name of someone whose
 *   token works: the logs tell people apart by name.
 * - `GET /staff` (admin): everyone with a token, working ones first (never the tokens).
 * - `DELETE /staff/:id` (admin): revokes the token; its next request is refused. 409
 *   `already_revoked` with when and by whom.
 * - `GET /staff/log` (admin): every change made through this API, newest first, two years.
 */
export const staff = new Hono<AppEnv>()
  .get('/me', allow('finance', 'content', 'door'), (c) => {
    const { name, role, via } = c.get('staff');
    return c.json({ name, role, via });
  })
  .get('/staff', allow(), async (c) => c.json({ staff: await boxOffice(c.env.BOX_OFFICE).listStaff() }))
  .post('/staff', allow(), ...validJson(staffBody, 1024), async (c) => {
    const { name, role } = c.req.valid('json');
    const token = STAFF_TOKEN_PREFIX + base64url(crypto.getRandomValues(new Uint8Array(32)));
    const result = await boxOffice(c.env.BOX_OFFICE).addStaff({
      id: timeSortableId(),
      name,
      role,
      tokenHash: await sha256Hex(token),
      by: organiserName(c),
      at: Date.now(),
    });
    if (result.kind === 'name_taken') throw new ApiError(409, 'name_taken');
    c.set('staffLogDetail', `${result.member.name} (${result.member.role}) ${result.member.id}`);
    return c.json({ member: result.member, token }, 201);
  })
  .get('/staff/log', allow(), validQuery(logQuery), async (c) => {
    const { before, limit } = c.req.valid('query');
    return c.json({ entries: await boxOffice(c.env.BOX_OFFICE).staffLog(before ?? null, limit) });
  })
  .delete('/staff/:id', allow(), async (c) => {
    const id = c.req.param('id');
    const result = ID_PATTERN.test(id)
      ? await boxOffice(c.env.BOX_OFFICE).revokeStaff(id, organiserName(c), Date.now())
      : null;
    if (!result) throw new ApiError(404, 'not_found');
    c.set('staffLogDetail', `${result.member.name} (${result.member.role}) ${result.member.id}`);
    if (result.kind === 'already_revoked') {
      throw new ApiError(409, 'already_revoked', {
        revokedAt: result.member.revokedAt,
        revokedBy: result.member.revokedBy,
      });
    }
    return c.json(result.member);
  });
