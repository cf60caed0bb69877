import { useTranslation } from 'react-i18next';
import type { SpeakerView } from '../../site/content-view';
import { drawing } from '../lib/images';
import { Avatar } from './avatar';
import { EventIcon } from './event-icon';

/**
 * A speaker: portrait (initials until it loads), name, role, bio, topics and profile links. Its
 * texts come resolved (site/content-view.ts), from the examples at build time or the content store;
 * every text is rendered as text.
 */
export function SpeakerCard({ speaker }: { speaker: SpeakerView }) {
  const { t } = useTranslation('events');
  const { anchor, name, example } = speaker;
  // An example speaker has no profile: the links say they lead to the congress's own.
  const profiles = [
    {
      network: 'linkedin',
      url: speaker.links.linkedin,
      text: 'LinkedIn',
      label: example ? t('speakers.congressLinkedin') : t('speakers.linkedin', { name }),
    },
    {
      network: 'x',
      url: speaker.links.x,
      text: 'X',
      label: example ? t('speakers.congressX') : t('speakers.x', { name }),
    },
  ] as const;
  return (
    <article className="speaker-card" id={anchor} aria-labelledby={`${anchor}-name`}>
      <Avatar
        name={name}
        src={speaker.photo}
        svg={speaker.drawing ? drawing(speaker.drawing) : undefined}
        alt={t('speakers.portraitAlt', { name })}
      />
      <div className="speaker-card__body">
        {example && (
          <p>
            <span className="badge badge--example">{t('speakers.exampleLabel')}</span>
          </p>
        )}
        <h3 id={`${anchor}-name`}>{name}</h3>
        <p className="speaker-card__role">{speaker.role}</p>
        <p className="speaker-card__bio">{speaker.bio}</p>
        {speaker.topics.length > 0 && (
          <>
            <p className="speaker-card__label" id={`${anchor}-topics`}>
              {t('speakers.topicsLabel')}
            </p>
            <ul className="speaker-card__topics" aria-labelledby={`${anchor}-topics`}>
              {speaker.topics.map((topic) => (
                <li key={topic}>{topic}</li>
              ))}
            </ul>
          </>
        )}
        <ul className="speaker-card__links">
          {profiles.map((profile) =>
            profile.url ? (
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
            ) : null,
          )}
        </ul>
      </div>
    </article>
  );
}
