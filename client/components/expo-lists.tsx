import { useTranslation } from 'react-i18next';
import { type ExhibitorView, LOGO_SLOT, PARTNER_TIERS, type PartnerView } from '../../site/content-view';
import { CardGrid } from './card-grid';
import { EmptyCall } from './empty-call';
import { EventIcon } from './event-icon';
import { TimeRange } from './time-range';

/**
 * The expo page's lists of exhibitors and partners, from the content store (or empty at build
 * time). Every text is rendered as text; an uploaded logo is an image sized to its slot (the
 * stylesheet fits it in without stretching), loaded when it comes near the screen.
 */

/** An uploaded logo in its slot; the name beside it says whose it is, so it is not read twice. */
function Logo({ src }: { src: string }) {
  return (
    <img
      className="content-logo"
      src={src}
      alt=""
      width={LOGO_SLOT.width}
      height={LOGO_SLOT.height}
      loading="lazy"
      decoding="async"
    />
  );
}

/** A link out of the site, opened in a new tab and named so. */
function OutLink({ url, label, text }: { url: string; label: string; text: string }) {
  const { t } = useTranslation('events');
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" aria-label={t('shared.newTab', { label })}>
      {text}
      <EventIcon name="arrow" size={16} />
    </a>
  );
}

function ExhibitorCard({ exhibitor }: { exhibitor: ExhibitorView }) {
  const { t } = useTranslation('events');
  const headingId = `exhibitor-${exhibitor.id}`;
  return (
    <article className="exhibitor-card" aria-labelledby={headingId}>
      {exhibitor.logo && <Logo src={exhibitor.logo} />}
      {exhibitor.example && (
        <p>
          <span className="badge badge--example">{t('expo.exampleLabel')}</span>
        </p>
      )}
      <h3 id={headingId}>{exhibitor.name}</h3>
      <p className="exhibitor-card__booth">
        <EventIcon name="pin" size={18} />
        {t('expo.booth', { booth: exhibitor.booth })}
      </p>
      <p className="exhibitor-card__text">{exhibitor.description}</p>
      {exhibitor.demo && (
        <p className="exhibitor-card__demo">
          <EventIcon name="sparkles" size={18} />
          <span>
            <strong>
              {t('expo.demoLabel')} <TimeRange start={exhibitor.demo.start} end={exhibitor.demo.end} />
            </strong>
            {exhibitor.demo.text && ` · ${exhibitor.demo.text}`}
          </span>
        </p>
      )}
      {exhibitor.link && (
        <p className="exhibitor-card__link">
          <OutLink
            url={exhibitor.link}
            label={t('expo.website', { name: exhibitor.name })}
            text={t('expo.websiteShort')}
          />
        </p>
      )}
    </article>
  );
}

/**
 * The exhibitors' cards, or (while none is published) a sentence and the call to exhibit: never a
 * grid of empty boxes. What the expo page's `data-content="exhibitors"` slot holds.
 */
export function ExhibitorList({ exhibitors }: { exhibitors: readonly ExhibitorView[] }) {
  const { t } = useTranslation('events');
  if (exhibitors.length === 0) {
    return (
      <EmptyCall
        className="content-empty"
        message={<p>{t('expo.exhibitorsEmpty')}</p>}
        page="forExhibitors"
        cta={t('expo.bookStand')}
      />
    );
  }
  return (
    <CardGrid
      className="exhibitors__grid"
      items={exhibitors}
      card={(exhibitor) => <ExhibitorCard exhibitor={exhibitor} />}
    />
  );
}

/**
 * The partners by package, platinum first, or (while none is published) a sentence and the call to
 * partner. What the expo page's `data-content="partners"` slot holds.
 */
export function PartnerList({ partners }: { partners: readonly PartnerView[] }) {
  const { t } = useTranslation('events');
  if (partners.length === 0) {
    return (
      <EmptyCall
        className="content-empty"
        message={<p>{t('expo.partnersEmpty')}</p>}
        page="forPartners"
        cta={t('expo.askPartnership')}
      />
    );
  }
  return (
    <div className="partners">
      {PARTNER_TIERS.map((tier) => {
        const inTier = partners.filter((p) => p.package === tier);
        if (inTier.length === 0) return null;
        return (
          <section key={tier} className={`partners__tier partners__tier--${tier}`} aria-labelledby={`partners-${tier}`}>
            <h3 id={`partners-${tier}`}>{t(`expo.tiers.${tier}`)}</h3>
            <ul className="card-grid partners__list">
              {inTier.map((partner) => (
                <li key={partner.id} className="partner">
                  {partner.logo && <Logo src={partner.logo} />}
                  <p className="partner__name">
                    {partner.link ? (
                      <OutLink
                        url={partner.link}
                        label={t('expo.website', { name: partner.name })}
                        text={partner.name}
                      />
                    ) : (
                      partner.name
                    )}
                    {partner.example && <span className="badge badge--example">{t('expo.exampleLabel')}</span>}
                  </p>
                  {partner.description && <p className="partner__text">{partner.description}</p>}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
