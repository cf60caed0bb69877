import { Fragment } from 'react';
import { Link } from 'wouter';
import { language } from '../../site/languages';
import { href } from '../../site/pages';
import { type SpeakerId, speaker, speakerAnchor } from '../../site/speakers';
import { useLanguage } from '../lib/use-language';

/** Speaker names joined the language's way ("A i B", "A and B"), each linking to their card. */
export function SpeakerNames({ ids }: { ids: readonly SpeakerId[] }) {
  const lang = useLanguage();
  const names = ids.map((id) => speaker(id).name);
  const parts = new Intl.ListFormat(language(lang).intl, { type: 'conjunction' }).formatToParts(names);
  let index = 0;
  return (
    <>
      {parts.map((part, i) => {
        if (part.type === 'literal') return <Fragment key={`l${i}`}>{part.value}</Fragment>;
        const id = ids[index++];
        return id ? (
          <Link key={id} href={href(lang, 'speakers', speakerAnchor(id))}>
            {part.value}
          </Link>
        ) : null;
      })}
    </>
  );
}
