import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_SYNC_SCANS, ONSITE_PRODUCTS, type ScanAnswer } from '../../site/check-in';
import { PRODUCT_IDS } from '../../site/tickets';
import { WORKSHOPS } from '../../site/workshops';
import { boxOffice } from '../box-office/box-office';
import type { ScanOutcome, ScanRequest } from '../box-office/check-in';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { timeSortableId } from '../ids';
import { organiserName } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { validJson, validQuery } from '../middleware/validation';
import { normaliseTicketCode, ticketKey } from '../tickets/code';

/** How far ahead of the worker's clock an offline device's clock may run before its time is refused. */
const CLOCK_SKEW_MS = 5 * 60_000;

const required = { error: 'required' };
// A typed code is 20 symbols; a QR code's signed form 112 (site/ticket-code.ts).
const code = z.string(required).trim().min(1, required).max(200, { error: 'too_long' });
const device = z.string().regex(/^[\w.:-]{1,64}$/, { error: 'invalid_device' });
const nonce = z.string().regex(/^[\w.:-]{8,100}$/, { error: 'invalid_nonce' });
const direction = z.enum(['in', 'out'], { error: 'invalid_direction' });
const at = z.iso.datetime({ offset: true, error: 'invalid_time' });
const listId = z.string().regex(/^[\w-]{1,80}$/, { error: 'unknown_list' });

/** One scan; `ticket` is the field's name from before there were lists (the console's old door). */
const checkInBody = z
  .object({
    code: code.optional(),
    ticket: code.optional(),
    list: listId.default('entrance'),
    device: device.optional(),
    nonce: nonce.optional(),
    at: at.optional(),
    direction: direction.default('in'),
  })
  .refine((body) => body.code !== undefined || body.ticket !== undefined, { path: ['code'], error: 'required' })
  .refine((body) => body.at === undefined || body.device !== undefined, { path: ['device'], error: 'required' });

const syncBody = z.object({
  list: listId,
  device,
  scans: z
    .array(z.object({ code, nonce, at, direction: direction.default('in') }), required)
    .min(1, required)
    .max(MAX_SYNC_SCANS, { error: 'too_many_scans' }),
});

const newListBody = z
  .object({
    name: z.string(required).trim().min(1, required).max(80, { error: 'too_long' }),
    products: z
      .array(
        z.enum(PRODUCT_IDS, { error: 'unknown_product' }).refine((p) => ONSITE_PRODUCTS.includes(p), {
          error: 'online_never_admitted',
        }),
      )
      .default([]),
    workshopId: z
      .enum(
        WORKSHOPS.map((w) => w.id),
        { error: 'unknown_workshop' },
      )
      .nullable()
      .default(null),
    guests: z.boolean().default(false),
    opensAt: at.nullable().default(null),
    closesAt: at.nullable().default(null),
    reentry: z.boolean().default(false),
  })
  .strict()
  .refine((l) => l.products.length > 0 || l.workshopId !== null || l.guests, { path: ['products'], error: 'required' })
  .refine((l) => !l.opensAt || !l.closesAt || Date.parse(l.closesAt) > Date.parse(l.opensAt), {
    path: ['closesAt'],
    error: 'before_opens',
  });

const undoBody = z.object({ reason: z.string(required).trim().min(1, required).max(300, { error: 'too_long' }) });
const guestBody = z.object({ code });

const scansQuery = z.object({
  list: listId.optional(),
  result: z.enum(['admitted', 'exited', 'already', 'conflict', 'not_valid', 'unknown']).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** An offline scan's own time, in ms; a time ahead of the clock (beyond a skew) is refused. */
function offlineTime(value: string | undefined, path: string, now: number): number | null {
  if (value === undefined) return null;
  const ms = Date.parse(value);
  if (ms > now + CLOCK_SKEW_MS) throw new ApiError(422, 'invalid_fields', { fields: { [path]: 'in_future' } });
  return ms;
}

const unknownList = () => new ApiError(422, 'invalid_fields', { fields: { list: 'unknown_list' } });

/** What one scan's HTTP answer is: 200 when it counts, 409 with why not, 404 for no ticket. */
function answered(answer: ScanAnswer): { status: 200 | 404 | 409; body: Record<string, unknown> } {
  switch (answer.result) {
    case 'admitted': {
      const t = answer.ticket;
      // The fields the door showed before there were lists, beside the answer.
      const legacy = t && {
        product: t.product,
        name: t.name,
        email: t.email,
        code: t.orderCode,
        position: t.position,
        tickets: t.tickets,
        checkedInAt: answer.at,
      };
      return { status: 200, body: { ...answer, ...legacy } };
    }
    case 'exited':
      return { status: 200, body: { ...answer } };
    case 'already':
      return { status: 409, body: { error: 'already_checked_in', ...answer } };
    case 'conflict':
      return { status: 409, body: { error: 'check_in_conflict', ...answer } };
    case 'not_valid':
      return {
        status: 409,
        body: { error: answer.reason === 'reissued' ? 'ticket_reissued' : 'ticket_not_valid', ...answer },
      };
    default:
      return { status: 404, body: { error: 'unknown_ticket', ...answer } };
  }
}

function logged(outcome: ScanOutcome) {
  if (outcome.kind !== 'answer' || outcome.replayed) return;
  const { answer } = outcome;
  if (answer.result === 'admitted' || answer.result === 'conflict' || answer.result === 'exited') {
    console.log(
      JSON.stringify({
        event: `scan_${answer.result}`,
        list: answer.list,
        scan: answer.scan,
        ticket: answer.ticket?.id,
      }),
    );
  }
}

/**
 * The doors (mounted under /api/admin), each checking tickets against a check-in list
 * (worker/box-office/check-in.ts; docs/event-day.md):
 * - `POST /check-in` `{code, list?='entrance', device?, nonce?, at?, direction?='in'}`: one scan,
 *   decided in one transaction. 200 with the answer when it counts (admitted, or exited at a list
 *   with re-entry); 409 `already_checked_in` with `previous` (when, which device), 409
 *   `check_in_conflict` (an offline second admission, recorded), 409 `ticket_not_valid` with
 *   `reason` (and `status` for an unpaid order), 409 `ticket_reissued`; 404 `unknown_ticket`.
 *   `at` marks an offline scan (its own time; then `device` is required). The same `nonce` again
 *   answers the same and records nothing; a nonce used for another scan is 409 `nonce_reused`.
 * - `POST /check-in/sync` `{list, device, scans:[{code, nonce, at, direction?}]}`: an offline door's
 *   queue, up to 500, answered in order `{results:[answer]}` (200 even when some are refused).
 * - `GET /check-in/lists`, `POST /check-in/lists` (organisers add a list), `POST
 *   /check-in/lists/:id/guests` `{code}` (invite a ticket to a list with guests).
 * - `GET /check-in/scans?list&result&before&limit`: scans newest first, conflicts with `result=conflict`.
 * - `POST /check-in/scans/:id/undo` `{reason}`: the admission or exit no longer counts; logged.
 * - `POST /orders/:id/resend`: queues the order's confirmation e-mail again (202).
 */
export const door = new Hono<AppEnv>()
  .post('/check-in', allow('door'), ...validJson(checkInBody, 2048), async (c) => {
    const body = c.req.valid('json');
    const now = Date.now();
    const given = (body.code ?? body.ticket) as string;
    const request: ScanRequest = {
      canonical: normaliseTicketCode(given),
      given,
      list: body.list,
      direction: body.direction,
      device: body.device ?? null,
      nonce: body.nonce ?? null,
      at: offlineTime(body.at, 'at', now),
      who: organiserName(c),
    };
    const outcome = await boxOffice(c.env.BOX_OFFICE).scan(request, ticketKey(c.env), now);
    if (outcome.kind === 'unknown_list') throw unknownList();
    if (outcome.kind === 'nonce_reused') throw new ApiError(409, 'nonce_reused', { scan: outcome.scan });
    logged(outcome);
    const { status, body: answer } = answered(outcome.answer);
    return c.json(answer, status);
  })
  .post('/check-in/sync', allow('door'), ...validJson(syncBody, 256 * 1024), async (c) => {
    const body = c.req.valid('json');
    const now = Date.now();
    const who = organiserName(c);
    const requests = body.scans.map(
      (scan, i): ScanRequest => ({
        canonical: normaliseTicketCode(scan.code),
        given: scan.code,
        list: body.list,
        direction: scan.direction,
        device: body.device,
        nonce: scan.nonce,
        at: offlineTime(scan.at, `scans.${i}.at`, now),
        who,
      }),
    );
    const outcomes = await boxOffice(c.env.BOX_OFFICE).syncScans(requests, ticketKey(c.env), now);
    if (outcomes.some((o) => o.kind === 'unknown_list')) throw unknownList();
    const results = outcomes.map((outcome, i) => {
      logged(outcome);
      if (outcome.kind === 'answer') return answered(outcome.answer).body;
      return {
        error: 'nonce_reused',
        nonce: body.scans[i]?.nonce,
        scan: outcome.kind === 'nonce_reused' ? outcome.scan : null,
      };
    });
    return c.json({ list: body.list, device: body.device, results });
  })
  .get('/check-in/lists', allow('door'), async (c) =>
    c.json({ lists: await boxOffice(c.env.BOX_OFFICE).checkInLists() }),
  )
  .post('/check-in/lists', allow(), ...validJson(newListBody, 4096), async (c) => {
    const body = c.req.valid('json');
    const now = Date.now();
    const list = await boxOffice(c.env.BOX_OFFICE).addCheckInList(
      `list-${timeSortableId(now).toLowerCase()}`,
      {
        ...body,
        opensAt: body.opensAt === null ? null : Date.parse(body.opensAt),
        closesAt: body.closesAt === null ? null : Date.parse(body.closesAt),
      },
      organiserName(c),
      now,
    );
    console.log(JSON.stringify({ event: 'check_in_list_added', list: list.id, by: organiserName(c) }));
    return c.json(list, 201);
  })
  .post('/check-in/lists/:id/guests', allow(), ...validJson(guestBody, 1024), async (c) => {
    const canonical = normaliseTicketCode(c.req.valid('json').code);
    if (!canonical) throw new ApiError(404, 'unknown_ticket');
    const now = Date.now();
    const outcome = await boxOffice(c.env.BOX_OFFICE).inviteGuest(
      c.req.param('id'),
      canonical,
      ticketKey(c.env),
      organiserName(c),
      now,
    );
    if (outcome.kind === 'unknown_list') throw new ApiError(404, 'unknown_list');
    if (outcome.kind === 'no_guests') throw new ApiError(409, 'list_has_no_guests');
    if (outcome.kind === 'unknown_ticket') throw new ApiError(404, 'unknown_ticket');
    return c.json({ list: c.req.param('id'), ticket: outcome.ticket }, 201);
  })
  .get('/check-in/scans', allow('door'), validQuery(scansQuery), async (c) => {
    const { before, limit, ...filter } = c.req.valid('query');
    const scans = await boxOffice(c.env.BOX_OFFICE).scans(filter, before ?? null, limit);
    const last = scans.at(-1);
    return c.json({ scans, next: scans.length === limit && last ? last.scan : null });
  })
  .post('/check-in/scans/:id/undo', allow('door'), ...validJson(undoBody, 1024), async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(404, 'not_found');
    const by = organiserName(c);
    const outcome = await boxOffice(c.env.BOX_OFFICE).undoScan(id, by, c.req.valid('json').reason, Date.now());
    if (outcome.kind === 'not_found') throw new ApiError(404, 'not_found');
    if (outcome.kind === 'already_undone') throw new ApiError(409, 'already_undone', { scan: outcome.scan });
    if (outcome.kind === 'not_undoable') throw new ApiError(409, 'not_undoable', { result: outcome.result });
    console.log(JSON.stringify({ event: 'scan_undone', scan: id, by }));
    return c.json({ scan: outcome.scan });
  })
  .post('/orders/:id/resend', allow('finance'), async (c) => {
    const office = boxOffice(c.env.BOX_OFFICE);
    const order = await office.order(c.req.param('id'));
    if (!order) throw new ApiError(404, 'not_found');
    if (order.status !== 'paid') throw new ApiError(409, 'not_paid');
    const id = await office.queueEmail(order.id, 'confirmation', null, Date.now());
    return c.json({ queued: id }, 202);
  });
