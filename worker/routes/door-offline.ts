import { Hono } from 'hono';
import { z } from 'zod';
import type { OfflineList } from '../../site/check-in';
import { ONSITE_PRODUCTS } from '../../site/check-in';
import { productSymbol } from '../../site/ticket-code';
import { boxOffice } from '../box-office/box-office';
import { base64url, sha256 } from '../crypto';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { allow } from '../middleware/roles';
import { validQuery } from '../middleware/validation';
import { signDoorList, ticketCode, ticketKey, ticketPublicKey } from '../tickets/code';

/**
 * What an offline door needs to decide a scan alone, and nothing it could make a ticket with:
 * - `publicKey`: checks the signed codes the QR codes carry (worker/tickets/code.ts);
 * - `tickets`: per ticket the list admits, the hash of its own code (for a signed code) and of its
 *   typed code (the older form, whose HMAC key never leaves the worker), its holder's name and product;
 * - `revoked`: hashes of own codes that no longer admit (given to another holder, or of an order that
 *   is not paid: cancelled, refunded, expired), so a signed code for them is refused;
 * - `products`: the product symbols the list admits, for a signed code of a ticket sold after the
 *   door took its list (none for a workshop room, whose seats are by ticket); `version` and
 *   `takenAt` say how fresh it is;
 * - the list's rules as `check-in.ts` decides them online: `reentry` (else once per ticket),
 *   `opensAt`/`closesAt` (checked by the door's clock), `workshopId` (a room: "no seat" when refused).
 * Which tickets are on it is the list's own definition (worker/box-office/door-list.ts): the
 * entrance's products, a workshop room's seat holders, the gala's invited guests, an organiser's list.
 * The body is signed with the ticket key pair: a door that pinned the public key refuses a list
 * changed on the way or in its storage.
 */

/** The hash a door looks a code up by: salted per purpose, 128 bits, base64url. */
export async function doorHash(kind: 'own' | 'typed', code: string): Promise<string> {
  return base64url((await sha256(`door-${kind}:${code}`)).slice(0, 16));
}

export type { OfflineList };

const query = z.object({
  list: z
    .string()
    .regex(/^[\w-]{1,80}$/, { error: 'unknown_list' })
    .default('entrance'),
});

// The door role's, as the scans it decides by it: a door person installs the app and takes the list.
export const doorOffline = new Hono<AppEnv>().get('/door/offline-list', allow('door'), validQuery(query), async (c) => {
  const found = await boxOffice(c.env.BOX_OFFICE).doorTickets(c.req.valid('query').list);
  if (!found) throw new ApiError(422, 'invalid_fields', { fields: { list: 'unknown_list' } });
  const { list, tickets, retired } = found;
  const key = ticketKey(c.env);
  const now = Date.now();
  const admitted = tickets.filter((t) => t.paid && t.onList);
  const body: OfflineList = {
    list: list.id,
    reentry: list.reentry,
    workshopId: list.workshopId,
    opensAt: list.opensAt,
    closesAt: list.closesAt,
    version: now,
    takenAt: new Date(now).toISOString(),
    publicKey: await ticketPublicKey(key),
    // A room admits by seat, never by product: a ticket it has not seen is not on it.
    products:
      list.workshopId === null
        ? [...new Set(list.products.filter((p) => ONSITE_PRODUCTS.includes(p)).map(productSymbol))]
        : [],
    tickets: await Promise.all(
      admitted.map(async (t) => ({
        own: await doorHash('own', t.code),
        typed: await doorHash('typed', (await ticketCode(key, t)).replaceAll('-', '')),
        name: t.name,
        product: t.product,
      })),
    ),
    revoked: await Promise.all(
      [...retired, ...tickets.filter((t) => !t.paid).map((t) => t.code)].map((code) => doorHash('own', code)),
    ),
  };
  const json = JSON.stringify(body);
  c.header('Cache-Control', 'no-store');
  return c.json({ body: json, signature: await signDoorList(key, json) });
});
