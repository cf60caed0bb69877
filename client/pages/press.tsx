import { useTranslation } from 'react-i18next';
import { contactHref } from '../../site/contact';
import { EVENT, ORGANISER } from '../../site/event';
import { formatSize } from '../../site/format';
import { fileType, PRESS_DOWNLOADS, PRESS_PHOTOS, pressFileSize } from '../../site/press';
import { telHref, useInfoFacts } from '../components/info-facts';
import { InfoHero } from '../components/info-hero';
import { type IconName, InfoIcon } from '../components/info-icon';
import { Section } from '../components/section';
import { useLanguage } from '../lib/use-language';

const ICONS: Record<(typeof PRESS_DOWNLOADS)[number]['id'], IconName> = {
  pressRelease: 'file',
  logoPack: 'star',
  photos: 'image',
  speakerBios: 'users',
};

export default function Page() {
  const { t } = useTranslation('info');
  const lang = useLanguage();
  const facts = useInfoFacts();
  const meta = (path: string) =>
    t('press.fileMeta', { type: fileType(path), size: formatSize(lang, pressFileSize(path)) });
  // A file made from what is published changes size with each publication: its type only.
  const metaOf = (file: (typeof PRESS_DOWNLOADS)[number], path: string) =>
    file.fromStore ? fileType(path) : meta(path);
  return (
    <>
      <InfoHero id="press" eyebrow={t('press.eyebrow')} lead={t('press.lead')}>
        <a href={`mailto:${ORGANISER.pressEmail}`} className="button button--accent">
          <InfoIcon name="mail" size={20} />
          {ORGANISER.pressEmail}
        </a>
        <a href="#downloads" className="button info-hero__secondary">
          {t('press.downloadsTitle')}
        </a>
      </InfoHero>

      <Section id="about" eyebrow={t('press.eyebrow')} title={t('press.aboutTitle')}>
        <div className="press-about">
          <div className="press-about__text">
            <p>{t('press.about.intro', facts)}</p>
            <p>{t('press.about.program', facts)}</p>
            <p>{t('press.about.audience', facts)}</p>
          </div>
          <section className="card press-facts" aria-labelledby="press-facts-title">
            <h3 id="press-facts-title">{t('shared.factsTitle')}</h3>
            <dl>
              <div>
                <dt>{t('shared.facts.date')}</dt>
                <dd>
                  {facts.date}, {facts.start}–{facts.end}
                </dd>
              </div>
              <div>
                <dt>{t('shared.facts.venue')}</dt>
                <dd>
                  {EVENT.venue.name}, {EVENT.venue.street}, {EVENT.venue.postalCode} {EVENT.venue.city}
                </dd>
              </div>
              <div>
                <dt>{t('shared.facts.online')}</dt>
                <dd>{t('shared.facts.onlineValue')}</dd>
              </div>
              <div>
                <dt>{t('shared.facts.organiser')}</dt>
                <dd>
                  {ORGANISER.name}, {ORGANISER.city}
                </dd>
              </div>
            </dl>
          </section>
        </div>
      </Section>

      <Section id="downloads" tone="white" title={t('press.downloadsTitle')} lead={t('press.downloadsLead')}>
        <ul className="grid press-downloads">
          {PRESS_DOWNLOADS.map((file) => {
            const path = file.path(lang);
            const title = t(`press.files.${file.id}.title`);
            return (
              <li key={file.id} className="card press-download">
                <span className="card__icon">
                  <InfoIcon name={ICONS[file.id]} />
                </span>
                <h3>{title}</h3>
                <p>{t(`press.files.${file.id}.text`)}</p>
                <a href={path} download className="button press-download__link">
                  <InfoIcon name="download" size={20} />
                  <span>
                    {t('press.download')}
                    <span className="visually-hidden">: {title}</span> ({metaOf(file, path)})
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="gallery" title={t('press.galleryTitle')}>
        <ul className="press-gallery">
          {PRESS_PHOTOS.map((photo) => {
            const caption = t(`press.photos.${photo.id}`);
            return (
              <li key={photo.id}>
                <figure className="press-gallery__item">
                  <img
                    src={photo.thumb}
                    alt=""
                    width={photo.width}
                    height={photo.height}
                    loading="lazy"
                    decoding="async"
                  />
                  <figcaption>
                    <span>{caption}</span>
                    <a href={photo.full} download className="press-gallery__download">
                      <InfoIcon name="download" size={18} />
                      <span>
                        {t('press.download')}
                        <span className="visually-hidden">: {caption}</span> ({meta(photo.full)})
                      </span>
                    </a>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </Section>

      <section className="section section--dark press-contact" aria-labelledby="press-contact-title">
        <div className="container press-contact__inner">
          <div>
            <p className="eyebrow">{t('press.eyebrow')}</p>
            <h2 id="press-contact-title">{t('press.contactTitle')}</h2>
            <p className="lead">{t('press.contactText')}</p>
          </div>
          <ul className="press-contact__channels">
            <li>
              <InfoIcon name="mail" />
              <a href={`mailto:${ORGANISER.pressEmail}`}>{ORGANISER.pressEmail}</a>
            </li>
            <li>
              <InfoIcon name="phone" />
              <a href={telHref(ORGANISER.phone)}>{ORGANISER.phone}</a>
            </li>
            <li>
              <a href={contactHref(lang, 'media')} className="button button--accent">
                {t('press.accreditation')}
                <InfoIcon name="arrow" size={20} />
              </a>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
