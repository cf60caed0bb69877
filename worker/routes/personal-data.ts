import { Hono } from 'hono';
import { z } from 'zod';
import { EMAIL_PATTERN } from '../../site/contact';
import { DATA_KIND_IDS, DATA_MAP, type DataKindId } from '../../site/data-map';
import { boxOffice } from '../box-office/box-office';
import { maskEmail, normaliseEmail } from '../box-office/personal-data';
import { hmacSecret } from '../crypto';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { organiserName } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { validJson, validQuery } from '../middleware/validation';
import { eraseMessages, messagesFrom } from '../personal-data';

const email = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(254, { error: 'too_long' })
  .regex(EMAIL_PATTERN, { error: 'invalid_email' });

/**
 * How the staff log names the address of a request: masked, with a keyed hash that tells the same
 * address again (an organiser who is asked "did you erase x@y?" hashes it again) but cannot be read
 * back. The log keeps who, when and what was done; never the address itself (docs/personal-data.md).
 */
async function logged(c: { env: AppEnv['Bindings'] }, address: string): Promise<string> {
  const key = c.env.TICKET_KEY ?? 'personal-data';
  return `${maskEmail(address)} #${(await hmacSecret(key, `personal-data:${normaliseEmail(address)}`)).slice(0, 12)}`;
}

/** Counts per kind, as the staff log keeps them (`orders 2, holders 1`). */
const counts = (entries: [string, number][]) =>
  entries
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ') || 'nothing held';

/**
 * One person's data, by e-mail address (GDPR arts. 15, 17, 20), admin only:
 * - `GET /personal-data?email=`: everything held for the address, per kind of the data map
 *   (site/data-map.ts), as a JSON file; logged in the staff log (the address masked).
 * - `POST /personal-data/erase` `{email}`: erases or anonymises what the law lets go and keeps what
 *   it asks for (invoices, the orders' tax data, consent records); answers what was done per kind.
 *   409 `pending_orders` while an order of the address waits for its payment (release or cancel it
 *   first). Logged as every change is, with the counts.
 */
export const personalData = new Hono<AppEnv>()
  .get('/personal-data', allow(), validQuery(z.object({ email })), async (c) => {
    const address = c.req.valid('query').email;
    const office = boxOffice(c.env.BOX_OFFICE);
    const [held, messages] = await Promise.all([
      office.exportPersonalData(address),
      messagesFrom(c.env.ORDERS, address),
    ]);
    const kinds = Object.fromEntries(
      DATA_KIND_IDS.map((kind) => [kind, kind === 'messages' ? messages : (held[kind] ?? [])]),
    ) as Record<DataKindId, unknown[]>;
    const at = new Date();
    await office.logStaffChange({
      at: at.getTime(),
      actor: organiserName(c),
      role: c.get('staff').role,
      method: 'GET',
      path: c.req.path,
      status: 200,
      detail: `export ${await logged(c, address)}: ${counts(Object.entries(kinds).map(([k, v]) => [k, v.length]))}`,
    });
    c.header('Content-Disposition', `attachment; filename="personal-data-${at.toISOString().slice(0, 10)}.json"`);
    return c.json({
      email: normaliseEmail(address),
      exportedAt: at.toISOString(),
      // What each kind is, where it lives and for how long: the answer art. 15 asks for with the data.
      dataMap: DATA_MAP,
      data: kinds,
    });
  })
  .post('/personal-data/erase', allow(), ...validJson(z.object({ email }), 1024), async (c) => {
    const address = c.req.valid('json').email;
    const result = await boxOffice(c.env.BOX_OFFICE).erasePersonalData(address);
    if ('kind' in result) {
      c.set('staffLogDetail', `erase refused ${await logged(c, address)}: pending orders`);
      throw new ApiError(409, 'pending_orders', { orders: result.orders });
    }
    const messages = await eraseMessages(c.env.ORDERS, address);
    const report = { ...result, ...(messages ? { messages: { deleted: messages } } : {}) };
    const done = Object.entries(report).flatMap(([kind, outcome]) =>
      Object.entries(outcome).map(([what, n]) => [`${kind} ${what}`, n] as [string, number]),
    );
    c.set('staffLogDetail', `erase ${await logged(c, address)}: ${counts(done)}`);
    return c.json({
      email: normaliseEmail(address),
      erasedAt: new Date().toISOString(),
      report,
      // Kept, and why: the kinds an erasure leaves for the law (site/data-map.ts keptBecause).
      kept: DATA_KIND_IDS.filter(
        (kind) => 'keptBecause' in DATA_MAP[kind] && (report as Record<string, unknown>)[kind],
      ).map((kind) => ({ kind, because: (DATA_MAP[kind] as { keptBecause: string }).keptBecause })),
    });
  });
