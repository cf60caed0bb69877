import { Hono } from 'hono';
import { standardRatesOn } from '../../site/vat-rates';
import { now } from '../clock';
import type { AppEnv } from '../env';
import { warsawDay } from '../invoices/lines';
import { ossEnabled, requestEdgeCountry } from '../tax/oss';

/**
 * `GET /api/vat`: what the purchase dialog needs to show the VAT it will be charged, so the table of
 * member states' rates stays in the worker: whether the seller uses OSS, the day's standard rate of
 * each other member state (only with OSS: without it no rate but 23% applies), and the edge's
 * country of the request, which prefills the dialog's country and is the evidence it is checked
 * against. Private to the request (the country is the caller's), never cached.
 */
export const vat = new Hono<AppEnv>().get('/', (c) => {
  const oss = ossEnabled(c.env);
  c.header('Cache-Control', 'private, no-store');
  return c.json({
    oss,
    rates: oss ? standardRatesOn(warsawDay(now(c))) : {},
    country: requestEdgeCountry(c),
  });
});
