import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { LANGUAGE_CODES } from '../../site/languages';
import type { WorkshopResult } from '../../site/orders';
import { boxOffice } from '../box-office/box-office';
import { now } from '../clock';
import { publishedChanged } from '../content/pages';
import type { Workshop } from '../content/schema';
import { prepareStore } from '../content/seed';
import { getRecord, publishedContent } from '../content/store';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { rateLimit } from '../middleware/rate-limit';
import { validJson } from '../middleware/validation';

const registrationBody = z.object({
  email: z.email({ error: 'invalid_email' }).max(254, { error: 'too_long' }),
  code: z
    .string({ error: 'required' })
    .trim()
    // The ticket's code, or its whole signed code as the ticket shows it (the first eight symbols are the code).
    .transform((code) => code.toUpperCase().replace(/[\s-]/g, ''))
    .transform((code) => (code.length === 20 ? code.slice(0, 8) : code))
    .pipe(z.string().regex(/^[0-9A-Z]{8}$/, { error: 'invalid' })),
});

const waitlistBody = registrationBody.extend({
  lang: z.enum(LANGUAGE_CODES, { error: 'invalid' }).optional(),
});

const REFUSALS: Record<Extract<WorkshopResult, { kind: 'refused' }>['error'], ApiError> = {
  order_not_found: new ApiError(404, 'order_not_found'),
  ticket_not_eligible: new ApiError(403, 'ticket_not_eligible'),
  // The holder's way in is online: the workshop's stream, recording and materials on the ticket page.
  online_ticket: new ApiError(403, 'online_ticket', { online: true }),
  already_registered: new ApiError(409, 'already_registered'),
  workshop_full: new ApiError(409, 'workshop_full'),
};

/** The published workshop a path names, or 404 `unknown_workshop`. */
async function publishedWorkshop(c: Context<AppEnv>): Promise<Workshop & { id: string }> {
  await storeReady(c);
  const record = await getRecord(c.env.CONTENT_DB, 'workshops', c.req.param('id') ?? '');
  const workshop = record?.published as Workshop | null | undefined;
  if (!record || !workshop) throw new ApiError(404, 'unknown_workshop');
  return { ...workshop, id: record.id };
}

/**
 * Before the store is read, as for any read of it: a due publication happens now, and a local
 * store starts with the examples of site/ published (so today's workshop ids keep working there;
 * in production only what the organisers published takes seats).
 */
async function storeReady(c: Context<AppEnv>): Promise<void> {
  const at = now(c);
  if (await prepareStore(c.env.CONTENT_DB, at, c.env.ENVIRONMENT))
    c.executionCtx.waitUntil(publishedChanged(c.env, at));
}

/**
 * Workshop seats for ticket holders: `POST /api/workshops/:id/registrations` with `{email, code}`
 * (the ticket's code, or the order code of a one-ticket order; the holder's or the buyer's e-mail),
 * one seat per ticket. On-site Pro takes basic-level workshops, on-site VIP any; never more than the
 * seats of the published record (the box office counts them in one transaction). A workshop the
 * store does not publish (unknown, or unpublished) is 404 `unknown_workshop`. `GET /api/workshops`
 * answers the seats left of each published one.
 */
export const workshops = new Hono<AppEnv>()
  .get('/', async (c) => {
    await storeReady(c);
    const [{ workshops: published }, seats] = await Promise.all([
      publishedContent(c.env.CONTENT_DB),
      boxOffice(c.env.BOX_OFFICE).workshopSeats(),
    ]);
    const taken = new Map(seats.map((w) => [w.workshopId, w.taken]));
    c.header('Cache-Control', 'public, max-age=5');
    return c.json({
      workshops: published.map((w) => ({
        id: w.id,
        capacity: w.capacity,
        left: Math.max(0, w.capacity - (taken.get(w.id) ?? 0)),
      })),
    });
  })
  .post(
    '/:id/registrations',
    rateLimit((env) => env.PURCHASE_LIMITER),
    ...validJson(registrationBody, 1024),
    async (c) => {
      await storeReady(c);
      const record = await getRecord(c.env.CONTENT_DB, 'workshops', c.req.param('id'));
      const workshop = record?.published as Workshop | null | undefined;
      if (!record || !workshop) throw new ApiError(404, 'unknown_workshop');
      const { email, code } = c.req.valid('json');
      const result = await boxOffice(c.env.BOX_OFFICE).registerWorkshop({
        workshopId: record.id,
        level: workshop.level,
        capacity: workshop.capacity,
        code,
        email,
        now: now(c),
      });
      if (result.kind === 'refused') throw REFUSALS[result.error];
      return c.json({ workshop: record.id, seatsLeft: result.seatsLeft }, 201);
    },
  )
  /**
   * A full workshop's waiting list (docs/waiting-list.md): `{email, code, lang?}` as for a
   * registration. 201 `{state: "waiting", position}` (200 for the holder's entry already there);
   * the registration's refusals, 409 `already_registered`, and 409 `seats_left` with `seatsLeft`
   * while there are seats to register for.
   */
  .post(
    '/:id/waitlist',
    rateLimit((env) => env.PURCHASE_LIMITER),
    ...validJson(waitlistBody, 1024),
    async (c) => {
      const workshop = await publishedWorkshop(c);
      const { email, code, lang } = c.req.valid('json');
      const result = await boxOffice(c.env.BOX_OFFICE).joinWorkshopWaitlist({
        workshopId: workshop.id,
        level: workshop.level,
        capacity: workshop.capacity,
        code,
        email,
        lang: lang ?? null,
        now: now(c),
      });
      if (result.kind === 'refused') {
        if (result.error === 'seats_left') throw new ApiError(409, 'seats_left', { seatsLeft: result.seatsLeft });
        throw REFUSALS[result.error];
      }
      return c.json(
        { workshop: workshop.id, state: result.state, position: result.position },
        result.kind === 'joined' ? 201 : 200,
      );
    },
  )
  /**
   * The holder gives up their seat (`{email, code}` as for the registration): 200; 404
   * `order_not_found`, 409 `not_registered`. The seat goes to the workshop's waiting list.
   */
  .post(
    '/:id/registrations/release',
    rateLimit((env) => env.PURCHASE_LIMITER),
    ...validJson(registrationBody, 1024),
    async (c) => {
      const workshop = await publishedWorkshop(c);
      const { email, code } = c.req.valid('json');
      const result = await boxOffice(c.env.BOX_OFFICE).releaseWorkshopSeat({
        workshopId: workshop.id,
        code,
        email,
        now: now(c),
      });
      if (result.kind === 'refused') {
        throw result.error === 'not_registered' ? new ApiError(409, 'not_registered') : REFUSALS.order_not_found;
      }
      return c.json({ workshop: workshop.id, released: true });
    },
  );
