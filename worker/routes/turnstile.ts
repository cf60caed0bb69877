import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { turnstileSettings } from '../turnstile/siteverify';

/**
 * `GET /api/turnstile`: `{siteKey}` the pages' widget uses, or `{siteKey: null}` while Turnstile is
 * off. The pages are prerendered, so the key is configuration they read when a form is first used,
 * not something built into them. Short cache: turning it on or off takes effect within minutes.
 */
export const turnstileConfig = new Hono<AppEnv>().get('/', (c) => {
  const settings = turnstileSettings(c.env);
  c.header('Cache-Control', 'public, max-age=300');
  return c.json({ siteKey: settings.on ? settings.siteKey : null });
});
