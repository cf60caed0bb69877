import { formatDateTime } from '../../site/format';
import { findLanguage, type LanguageCode } from '../../site/languages';
import { type ProductId, product } from '../../site/tickets';
import type { WaitlistEntryView, WaitlistOfferView } from '../../site/waitlist';
import { catalogue } from '../catalogues';
import { fill, productName } from '../texts';
import type { EmailMessage } from './confirmation';
import { simple } from './notices';

// The waiting list's e-mails (site/waitlist.ts): the double opt-in's link, and an offer with its
// links to buy and to decline, in the language the person signed up in.

const langOf = (lang: string): LanguageCode => findLanguage(lang)?.code ?? 'pl';

/** The link that confirms a sign-up (nothing is offered before it is opened and confirmed). */
export function waitlistConfirmEmail(input: { entry: WaitlistEntryView; url: string; from: string }): EmailMessage {
  const lang = langOf(input.entry.lang);
  const t = catalogue('email', lang).waitlistConfirm;
  const name = productName(lang, product(input.entry.product as ProductId));
  const content = simple(lang, fill(t.subject, { product: name }), [fill(t.intro, { product: name }), t.ignore], {
    text: t.link,
    url: input.url,
  });
  return { from: input.from, to: input.entry.email, ...content, attachments: [] };
}

/** An offer: the place is kept until `expiresAt`; one link buys it, the other gives it to the next person. */
export function waitlistOfferEmail(input: {
  offer: WaitlistOfferView & { email: string; lang: string };
  url: string;
  from: string;
}): EmailMessage {
  const lang = langOf(input.offer.lang);
  const t = catalogue('email', lang).waitlistOffer;
  const name = productName(lang, product(input.offer.product as ProductId));
  const until = formatDateTime(lang, input.offer.expiresAt);
  const content = simple(
    lang,
    fill(t.subject, { product: name }),
    [fill(t.intro, { product: name, until }), t.single],
    [
      { text: t.buy, url: input.url },
      { text: t.decline, url: `${input.url}?decline=1` },
    ],
  );
  return { from: input.from, to: input.offer.email, ...content, attachments: [] };
}

/** A workshop's offer: the seat is kept until `expiresAt`; one link takes it, the other gives it on. */
export function waitlistWorkshopOfferEmail(input: {
  offer: WaitlistOfferView & { email: string; lang: string };
  workshop: string;
  url: string;
  from: string;
}): EmailMessage {
  const lang = langOf(input.offer.lang);
  const t = catalogue('email', lang).waitlistWorkshopOffer;
  const until = formatDateTime(lang, input.offer.expiresAt);
  const content = simple(
    lang,
    fill(t.subject, { workshop: input.workshop }),
    [fill(t.intro, { workshop: input.workshop, until }), t.single],
    [
      { text: t.take, url: input.url },
      { text: t.decline, url: `${input.url}?decline=1` },
    ],
  );
  return { from: input.from, to: input.offer.email, ...content, attachments: [] };
}
