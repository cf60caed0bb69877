import { Fragment } from 'react';
import { language } from '../../site/languages';
import { href } from '../../site/pages';

import { useLanguage } from '../lib/use-language';

/** Speaker names joined the language's way ("A i B", "A and B"), each linking to their card. */
export function SpeakerNames({ speakers }: { speakers: readonly { name: string; anchor: string }[] }) {
  const lang = useLanguage();
  const names = speakers.map((s) => s.name);
  const parts = new Intl.ListFormat(language(lang).intl, { type: 'conjunction' }).formatToParts(names);
  // Each literal ("i", ", ") is keyed by the name before it, so keys are stable and unique.
  let index = 0;
  let previous = 'start';
  return (
    <>
      {parts.map((part) => {
        if (part.type === 'literal') return <Fragment key={`after-${previous}`}>{part.value}</Fragment>;
        const person = speakers[index++];
        if (!person) return null;
        previous = person.anchor;
        return (
          <a key={person.anchor} href={href(lang, 'speakers', person.anchor)}>
            {part.value}
          </a>
        );
      })}
    </>
  );
}
