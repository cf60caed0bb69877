import { useTranslation } from 'react-i18next';
import { type Speaker, speakerAnchor, speakersAreExamples } from '../../site/speakers';
import { drawing } from '../lib/images';
import { Avatar } from './avatar';
import { EventIcon } from './event-icon';

/** A speaker: portrait (initials until it loads), name, role, bio, topics and profile links. */
export function SpeakerCard({ speaker }: { speaker: Speaker }) {
  const { t } = useTranslation('events');
  const anchor = speakerAnchor(speaker.id);
  const { name } = speaker;
  const example = speakersAreExamples();
  // An example speaker has no profile: the links say they lead to the congress's own.
  const profiles = [
    {
      network: 'linkedin',
      url: speaker.linkedin,
      text: 'LinkedIn',
      label: example ? t('speakers.congressLinkedin') : t('speakers.linkedin', { name }),
    },
    { network: 'x', url: speaker.x, text: 'X', label: example ? t('speakers.congressX') : t('speakers.x', { name }) },
  ] as const;
  return (
    <article className="speaker-card" id={anchor} aria-labelledby={`${anchor}-name`}>
      <Avatar name={name} src={speaker.image} svg={drawing(speaker.image)} alt={t('speakers.portraitAlt', { name })} />
      <div className="speaker-card__body">
        {example && (
          <p>
            <span className="badge badge--example">{t('speakers.exampleLabel')}</span>
          </p>
        )}
        <h3 id={`${anchor}-name`}>{name}</h3>
        <p className="speaker-card__role">{t(`speakers.people.${speaker.id}.role`)}</p>
        <p className="speaker-card__bio">{t(`speakers.people.${speaker.id}.bio`)}</p>
        <p className="speaker-card__label" id={`${anchor}-topics`}>
          {t('speakers.topicsLabel')}
        </p>
        <ul className="speaker-card__topics" aria-labelledby={`${anchor}-topics`}>
          {speaker.topics.map((topic) => (
            <li key={topic}>{t(`speakers.topics.${topic}`)}</li>
          ))}
        </ul>
        <ul className="speaker-card__links">
          {profiles.map((profile) => (
            <li key={profile.network}>
              <a
                href={profile.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('shared.newTab', { label: profile.label })}
              >
                <EventIcon name={profile.network} size={18} />
                {profile.text}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
