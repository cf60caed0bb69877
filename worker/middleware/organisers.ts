import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { endTime, startTime } from 'hono/timing';
import type { StaffIdentity } from '../../site/staff';
import { boxOffice } from '../box-office/box-office';
import { constantTimeEqual, sha256Hex } from '../crypto';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { type AccessApp, verifyAccessJwt } from '../staff/access';
import { parseStaffRoles, StaffRolesError } from '../staff/roles-config';
import { clientIp } from './rate-limit';
import { requireDeclaredRole, shapeForRole } from './roles';

/** The shortest organiser token production accepts: 32 characters of a random secret. */
export const MIN_ADMIN_TOKEN_LENGTH = 32;

/** Failed sign-ins per address and minute before every further try answers 429 (ADMIN_LIMITER). */
export const SIGN_IN_PERIOD_SECONDS = 60;

/** How a personal console token starts (worker/routes/staff.ts makes them). */
export const STAFF_TOKEN_PREFIX = 'kst_';

/** The name the logs give the deployment's bootstrap ADMIN_TOKEN: no person's name can be it. */
export const BOOTSTRAP_NAME = 'ADMIN_TOKEN';

/**
 * Staff only, once per request (the Server-Timing entry `auth`): who is asking, verified, then the
 * route's role (worker/middleware/roles.ts), then the answer shaped for the role, then the change
 * logged with who made it. Answers are never cached.
 *
 * Who is asking:
 * - Where Cloudflare Access is configured (ACCESS_TEAM_DOMAIN and ACCESS_AUD), only its signed
 *   `Cf-Access-Jwt-Assertion` counts, and STAFF_ROLES gives the e-mail its role (none: 403).
 * - Elsewhere `Authorization: Bearer <token>`: the deployment's ADMIN_TOKEN (the bootstrap admin,
 *   compared in constant time) or a person's own token (worker/routes/staff.ts). While neither Access
 *   nor ADMIN_TOKEN is configured the routes do not exist (404); in production an ADMIN_TOKEN shorter
 *   than 32 characters is a configuration error (503). A wrong token counts against the address's
 *   sign-in limit: a few failures a minute, then 429 until the minute is over.
 */
export const organisersOnly = createMiddleware<AppEnv>(async (c, next) => {
  startTime(c, 'auth', 'organiser check');
  let staff: StaffIdentity;
  try {
    staff = await identify(c);
  } finally {
    endTime(c, 'auth');
  }
  c.set('staff', staff);
  c.header('Cache-Control', 'private, no-store');
  const changes = !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method);
  try {
    requireDeclaredRole(c, staff.role);
    // A route's own error has become its answer (app.onError) by the time this returns.
    await next();
  } catch (error) {
    if (changes) await logChange(c, staff, error instanceof ApiError ? error.status : 500);
    throw error;
  }
  if (changes) await logChange(c, staff, c.res.status);
  await shapeForRole(c, staff.role);
});

async function identify(c: Context<AppEnv>): Promise<StaffIdentity> {
  const access = accessApp(c);
  if (access) return signedInWithAccess(c, access);
  const token = c.env.ADMIN_TOKEN;
  if (!token) throw new ApiError(404, 'not_found');
  if (c.env.ENVIRONMENT === 'production' && token.length < MIN_ADMIN_TOKEN_LENGTH) {
    console.error(JSON.stringify({ event: 'admin_token_too_short', minimum: MIN_ADMIN_TOKEN_LENGTH }));
    throw new ApiError(503, 'admin_unavailable');
  }
  const given = c.req.header('Authorization')?.match(/^Bearer (.+)$/)?.[1] ?? '';
  if (constantTimeEqual(given, token)) return { name: BOOTSTRAP_NAME, role: 'admin', via: 'bootstrap', id: null };
  const person = given.startsWith(STAFF_TOKEN_PREFIX)
    ? await boxOffice(c.env.BOX_OFFICE).staffByToken(await sha256Hex(given), Date.now())
    : null;
  if (person) return person;
  return refuseSignIn(c);
}

/** A wrong or missing credential: 401 with a challenge, or 429 once the address tried too often. */
async function refuseSignIn(c: Context<AppEnv>): Promise<never> {
  const limiter = c.env.ADMIN_LIMITER;
  if (limiter && !(await limiter.limit({ key: `sign-in:${clientIp(c)}` })).success) {
    console.warn(JSON.stringify({ event: 'admin_sign_in_throttled' }));
    c.header('Retry-After', String(SIGN_IN_PERIOD_SECONDS));
    throw new ApiError(429, 'rate_limited');
  }
  c.header('WWW-Authenticate', 'Bearer');
  throw new ApiError(401, 'unauthorized');
}

/** The Access application this deployment trusts, or null where Access is not configured. */
function accessApp(c: Context<AppEnv>): (AccessApp & { roles: ReturnType<typeof parseStaffRoles> }) | null {
  const teamDomain = c.env.ACCESS_TEAM_DOMAIN?.trim().replace(/\/+$/, '');
  const audience = c.env.ACCESS_AUD?.trim();
  if (!teamDomain && !audience) return null;
  // Half a configuration, a team domain that is not https in production, or a role list that cannot
  // be read: refuse everyone rather than guess.
  const secure = teamDomain?.startsWith('https://') || c.env.ENVIRONMENT !== 'production';
  try {
    if (!teamDomain || !audience || !secure) throw new StaffRolesError('ACCESS_TEAM_DOMAIN and ACCESS_AUD');
    return { teamDomain, audience, roles: parseStaffRoles(c.env.STAFF_ROLES) };
  } catch (error) {
    if (!(error instanceof StaffRolesError)) throw error;
    console.error(JSON.stringify({ event: 'access_misconfigured', message: error.message }));
    throw new ApiError(503, 'admin_unavailable');
  }
}

async function signedInWithAccess(
  c: Context<AppEnv>,
  access: AccessApp & { roles: ReturnType<typeof parseStaffRoles> },
): Promise<StaffIdentity> {
  const jwt = c.req.header('Cf-Access-Jwt-Assertion');
  if (!jwt) return refuseSignIn(c);
  const result = await verifyAccessJwt(jwt, access);
  if ('refused' in result) {
    console.warn(JSON.stringify({ event: 'access_jwt_refused', reason: result.refused }));
    if (result.refused === 'keys_unavailable') throw new ApiError(503, 'admin_unavailable');
    return refuseSignIn(c);
  }
  const role = access.roles.get(result.identity);
  if (!role) {
    // Signed in with the company's identity, but not one of the staff: known, not allowed.
    console.warn(JSON.stringify({ event: 'access_without_role' }));
    throw new ApiError(403, 'forbidden');
  }
  return { name: result.identity, role, via: 'access', id: null };
}

/** One entry in the staff log per change tried (a refused one too): who, with which role, how it ended. */
async function logChange(c: Context<AppEnv>, staff: StaffIdentity, status: number): Promise<void> {
  try {
    await boxOffice(c.env.BOX_OFFICE).logStaffChange({
      at: Date.now(),
      actor: staff.name,
      role: staff.role,
      method: c.req.method,
      path: c.req.path,
      status,
      detail: c.get('staffLogDetail') ?? null,
    });
  } catch (error) {
    // The change itself stands; the missing entry is reported.
    console.error(JSON.stringify({ event: 'staff_log_failed', path: c.req.path, message: String(error) }));
  }
}

/**
 * Who made a change, for the logs and the content history: the verified identity of the request
 * (a person's token name, an Access e-mail, or ADMIN_TOKEN), never a name the client typed.
 */
export function organiserName(c: Context<AppEnv>): string {
  return c.get('staff')?.name ?? BOOTSTRAP_NAME;
}
