import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { availabilityResponse } from '../live-state';

/**
 * `GET /api/availability`: `{ products: [{ id, status, remaining }] }`, the live state of every
 * product (`on_sale`, `sold_out`, `closed`; `remaining` null where unlimited), cached at the edge
 * for a few seconds.
 */
export const availability = new Hono<AppEnv>().get('/', (c) => availabilityResponse(c));
