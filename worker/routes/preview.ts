import { Hono } from 'hono';
import { z } from 'zod';
import { now } from '../clock';
import { previewPage, previewTarget, signPreviewLink, verifyPreviewLink } from '../content/preview';
import { prepareStore } from '../content/seed';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { MIN_ADMIN_TOKEN_LENGTH } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { validJson, validQuery } from '../middleware/validation';

/** The page a preview is asked for, or 404: only pages that show content have one. */
function targetOf(path: string | undefined) {
  const target = path ? previewTarget(path) : null;
  if (!target) throw new ApiError(404, 'not_a_content_page');
  return target;
}

async function answer(env: AppEnv['Bindings'], at: number, target: NonNullable<ReturnType<typeof previewTarget>>) {
  await prepareStore(env.CONTENT_DB, at, env.ENVIRONMENT);
  const page = await previewPage(env, target);
  if (!page) throw new ApiError(404, 'not_found');
  return page;
}

/**
 * Previews for organisers (`/api/admin/content/preview`, behind the console's token):
 * `GET ?path=/pl/prelegenci` answers the page with the drafts applied (the console fetches it with
 * its header and shows it in a frame); `POST {path}` answers `{url, expiresAt}`, a signed link
 * that a new tab can open without the header for `PREVIEW_LINK_SECONDS`.
 */
export const contentPreview = new Hono<AppEnv>()
  .get('/', allow('content'), validQuery(z.object({ path: z.string().max(200) })), async (c) =>
    answer(c.env, now(c), targetOf(c.req.valid('query').path)),
  )
  .post('/', allow('content'), ...validJson(z.object({ path: z.string().max(200) }).strict(), 1024), async (c) => {
    const target = targetOf(c.req.valid('json').path);
    return c.json(await signPreviewLink(c.env.ADMIN_TOKEN as string, target.path, now(c)), 201);
  });

/**
 * `GET /api/preview?path&expires&signature`: a signed preview link (made by the POST above). A
 * link that is forged, for another page or expired answers 403 and shows nothing.
 */
/** A signed link's parameters, each once; what they say is for the signature to judge (403). */
const linkQuery = z.object({
  path: z.string().max(200).default(''),
  expires: z.string().max(20).default(''),
  signature: z.string().max(200).default(''),
});

export const previewLinks = new Hono<AppEnv>().get('/', validQuery(linkQuery), async (c) => {
  const token = c.env.ADMIN_TOKEN;
  // As the console's routes: no token, no previews; production never signs with a short one.
  if (!token || (c.env.ENVIRONMENT === 'production' && token.length < MIN_ADMIN_TOKEN_LENGTH))
    throw new ApiError(404, 'not_found');
  const link = c.req.valid('query');
  const at = now(c);
  if (!(await verifyPreviewLink(token, link, at))) {
    c.header('Cache-Control', 'private, no-store');
    throw new ApiError(403, 'preview_link_invalid');
  }
  return answer(c.env, at, targetOf(link.path));
});
