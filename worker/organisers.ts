import { createMiddleware } from 'hono/factory';
import { constantTimeEqual } from './crypto';
import type { AppEnv } from './env';
import { ApiError } from './errors';

/**
 * Organisers only: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. While no token
 * is configured the routes do not exist (404); answers are never cached.
 */
export const organisersOnly = createMiddleware<AppEnv>(async (c, next) => {
  const token = c.env.ADMIN_TOKEN;
  if (!token) throw new ApiError(404, 'not_found');
  const given = c.req.header('Authorization')?.match(/^Bearer (.+)$/)?.[1] ?? '';
  if (!constantTimeEqual(given, token)) {
    c.header('WWW-Authenticate', 'Bearer');
    throw new ApiError(401, 'unauthorized');
  }
  c.header('Cache-Control', 'private, no-store');
  await next();
});
