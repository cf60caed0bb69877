import { Hono } from 'hono';
import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from '../../site/languages';
import { NEWS_LIMITS, type News, type NewsAudience, type NewsTexts } from '../../site/news';
import { PRODUCT_IDS } from '../../site/tickets';
import { boxOffice } from '../box-office/box-office';
import type { NewsRefusal } from '../box-office/news';
import { now } from '../clock';
import { newsEmail } from '../email/news';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { ID_PATTERN } from '../ids';
import { organiserName } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { anyText, textField, validJson } from '../middleware/validation';

/**
 * News to ticket holders (site/news.ts, worker/box-office/news.ts), under /api/admin/news:
 * `GET /` every message with its progress; `POST /` a draft; `GET /:id` one with its failures;
 * `GET /:id/recipients` who it goes to and how far each got (1,000 a page after `?after=`);
 * `PUT /:id` its texts and audience while it is a draft or scheduled; `POST /audience` how many
 * addresses an audience has now; `POST /:id/preview` the e-mail as a language's holders get it;
 * `POST /:id/test` that e-mail to the organisers' address; `POST /:id/send` now or at `at`;
 * `POST /:id/cancel` back to draft (scheduled) or stop (sending). A change of a message that
 * began sending is 409 with its status.
 * Content staff write news (`allow('content')`); admins may too.
 */

const BODY_LIMIT_BYTES = 200_000;
/** Recipients per page of `GET /:id/recipients`. */
const RECIPIENTS_PAGE = 1000;

/** A language's text: both fields, or neither (the language then falls back to Polish). */
const optionalText = z
  .object({ subject: anyText(NEWS_LIMITS.subject), body: anyText(NEWS_LIMITS.body, { multiline: true }) })
  .refine((text) => (text.subject === '') === (text.body === ''), { error: 'incomplete_translation' });

const textsSchema = z.object({
  pl: z.object({ subject: textField(NEWS_LIMITS.subject), body: textField(NEWS_LIMITS.body, { multiline: true }) }),
  'en-GB': optionalText.optional(),
  'en-US': optionalText.optional(),
  de: optionalText.optional(),
  es: optionalText.optional(),
});

const audienceSchema = z
  .object({
    products: z.array(z.enum(PRODUCT_IDS)).min(1, { error: 'required' }).max(PRODUCT_IDS.length).optional(),
    mode: z.enum(['onsite', 'online']).optional(),
    checkedIn: z.boolean().optional(),
    workshop: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,80}$/, { error: 'invalid' })
      .optional(),
  })
  .strict();

const messageSchema = z.object({ texts: textsSchema, audience: audienceSchema });

/** Texts without the languages left empty, so they fall back to Polish. */
function cleanTexts(texts: z.infer<typeof textsSchema>): NewsTexts {
  const out: NewsTexts = { pl: texts.pl };
  for (const lang of LANGUAGE_CODES) {
    if (lang === 'pl') continue;
    const text = texts[lang];
    if (text?.subject) out[lang] = text;
  }
  return out;
}

const message = (input: z.infer<typeof messageSchema>) => ({
  texts: cleanTexts(input.texts),
  audience: input.audience as NewsAudience,
});

const validId = (id: string) => {
  if (!ID_PATTERN.test(id)) throw new ApiError(404, 'not_found');
  return id;
};

/** A change's result, or its refusal as the API answers it. */
function changed(result: News | NewsRefusal): News {
  if ('kind' in result) {
    if (result.kind === 'not_found') throw new ApiError(404, 'not_found');
    throw new ApiError(409, 'news_not_editable', { status: result.status });
  }
  return result;
}

const langSchema = z.object({ lang: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]) });
const sendSchema = z.object({ at: z.iso.datetime({ offset: true }).nullable().optional() });

export const adminNews = new Hono<AppEnv>()
  .get('/', allow('content'), async (c) => c.json({ news: await boxOffice(c.env.BOX_OFFICE).listNews() }))
  .post('/', allow('content'), ...validJson(messageSchema, BODY_LIMIT_BYTES), async (c) => {
    const created = await boxOffice(c.env.BOX_OFFICE).createNews(
      message(c.req.valid('json')),
      organiserName(c),
      now(c),
    );
    return c.json(created, 201);
  })
  .post('/audience', allow('content'), ...validJson(z.object({ audience: audienceSchema }), 10_000), async (c) =>
    c.json({
      recipients: await boxOffice(c.env.BOX_OFFICE).audienceSize(c.req.valid('json').audience as NewsAudience),
    }),
  )
  .get('/:id', allow('content'), async (c) => {
    const detail = await boxOffice(c.env.BOX_OFFICE).newsDetail(validId(c.req.param('id')));
    if (!detail) throw new ApiError(404, 'not_found');
    return c.json(detail);
  })
  .get('/:id/recipients', allow('content'), async (c) => {
    const id = validId(c.req.param('id'));
    const after = (c.req.query('after') ?? '').slice(0, 320);
    const recipients = await boxOffice(c.env.BOX_OFFICE).newsRecipients(id, after, RECIPIENTS_PAGE);
    return c.json({ recipients, next: recipients.length === RECIPIENTS_PAGE ? recipients.at(-1)?.address : null });
  })
  .put('/:id', allow('content'), ...validJson(messageSchema, BODY_LIMIT_BYTES), async (c) =>
    c.json(
      changed(
        await boxOffice(c.env.BOX_OFFICE).updateNews(validId(c.req.param('id')), message(c.req.valid('json')), now(c)),
      ),
    ),
  )
  .post('/:id/preview', allow('content'), ...validJson(langSchema, 1_000), async (c) => {
    const id = validId(c.req.param('id'));
    const { lang } = c.req.valid('json');
    const preview = await boxOffice(c.env.BOX_OFFICE).newsMessage(id, 'news_test', lang);
    if (!preview) throw new ApiError(404, 'not_found');
    const email = newsEmail({ text: preview.text, lang, to: 'preview@example.invalid', from: c.env.EMAIL_FROM });
    return c.json({ subject: email.subject, html: email.html, text: email.text });
  })
  .post('/:id/test', allow('content'), ...validJson(langSchema, 1_000), async (c) => {
    const id = validId(c.req.param('id'));
    const emailId = await boxOffice(c.env.BOX_OFFICE).queueNewsTest(id, c.req.valid('json').lang, now(c));
    if (emailId === null) throw new ApiError(404, 'not_found');
    return c.json({ to: c.env.ORGANISERS_EMAIL }, 202);
  })
  .post('/:id/send', allow('content'), ...validJson(sendSchema, 1_000), async (c) => {
    const { at } = c.req.valid('json');
    const id = validId(c.req.param('id'));
    return c.json(changed(await boxOffice(c.env.BOX_OFFICE).sendNews(id, at ? Date.parse(at) : null, now(c))));
  })
  .post('/:id/cancel', allow('content'), async (c) =>
    c.json(changed(await boxOffice(c.env.BOX_OFFICE).cancelNews(validId(c.req.param('id')), now(c)))),
  );
