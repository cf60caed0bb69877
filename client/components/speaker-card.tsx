import { useTranslation } from 'react-i18next';
import { linkedinUrl, type Speaker, speakerAnchor, xUrl } from '../../site/speakers';
import { Avatar } from './avatar';
import { EventIcon } from './event-icon';

/** A speaker: portrait (initials until it loads), name, role, bio, topics and profile links. */
export function SpeakerCard({ speaker }: { speaker: Speaker }) {
  const { t } = useTranslation('events');
  const anchor = speakerAnchor(speaker.id);
  const { name } = speaker;
  const profiles = [
    { network: 'linkedin', url: linkedinUrl(speaker), text: 'LinkedIn', label: t('speakers.linkedin', { name }) },
    { network: 'x', url: xUrl(speaker), text: 'X', label: t('speakers.x', { name }) },
  ] as const;
  return (
    <article className="speaker-card" id={anchor} aria-labelledby={`${anchor}-name`}>
      <Avatar name={name} src={speaker.image} alt={t('speakers.portraitAlt', { name })} />
      <div className="speaker-card__body">
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
