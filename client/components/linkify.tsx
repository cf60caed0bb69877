import { Fragment, type ReactNode } from 'react';
import { ORGANISER } from '../../site/event';
import { telHref } from './info-facts';

const TARGETS: [string, string][] = [
  [ORGANISER.email, `mailto:${ORGANISER.email}`],
  [ORGANISER.pressEmail, `mailto:${ORGANISER.pressEmail}`],
  [ORGANISER.phone, telHref(ORGANISER.phone)],
];

const PATTERN = new RegExp(`(${TARGETS.map(([text]) => text.replace(/[.+]/g, '\\$&')).join('|')})`);

/**
 * A translated text with the organiser's e-mail addresses and phone number turned into links.
 * Translations stay plain text (no HTML), and the links come from site/event.ts.
 */
export function Linkify({ text }: { text: string }): ReactNode {
  let offset = 0;
  return text.split(PATTERN).map((part) => {
    // Each part is keyed by where it starts in the text, which is unique and stable.
    const key = offset;
    offset += part.length;
    const target = TARGETS.find(([value]) => value === part);
    return target ? (
      <a key={key} href={target[1]}>
        {part}
      </a>
    ) : (
      <Fragment key={key}>{part}</Fragment>
    );
  });
}
