import { Fragment } from 'react';
import { language } from '../../site/languages';
import { href } from '../../site/pages';
import { type SpeakerId, speaker, speakerAnchor } from '../../site/speakers';
import { useLanguage } from '../lib/use-language';

/** Speaker names joined the language's way ("A i B", "A and B"), each linking to their card. */
export function SpeakerNames({ ids }: { ids: readonly SpeakerId[] }) {
  const lang = useLanguage();
  const names = ids.map((id) => speaker(id).name);
  const parts = new Intl.ListFormat(language(lang).intl, { type: 'conjunction' }).formatToParts(names);
  // Each literal ("i", ", ") is keyed by the name before it, so keys are stable and unique.
  let index = 0;
  let previous = 'start';
  return (
    <>
      {parts.map((part) => {
        if (part.type === 'literal') return <Fragment key={`after-${previous}`}>{part.value}</Fragment>;
        const id = ids[index++];
        if (!id) return null;
        previous = id;
        return (
          <a key={id} href={href(lang, 'speakers', speakerAnchor(id))}>
            {part.value}
          </a>
        );
      })}
    </>
  );
}
