import { useTranslation } from 'react-i18next';
import { FIGURES } from '../../site/event';
import { siteFacts } from '../../site/facts';
import { href } from '../../site/pages';
import { Notice } from '../components/notice';
import { LogoWall, PastEditions, type ProofLogo, type ProofPhoto } from '../components/proof';
import { useLanguage } from '../lib/use-language';
import { HomeSection } from './home-section';

/** How many drawn marks stand in for logos until the content store publishes exhibitors and partners. */
export const LOGO_PLACEHOLDERS = 8;

/**
 * The logo wall of exhibitors and partners: what the `data-content="home-logos"` slot holds, drawn
 * marks at build time and the store's logos after a publication (worker/content/pages.ts).
 */
export function HomeLogos({ logos }: { logos: readonly ProofLogo[] }) {
  const { t } = useTranslation('home');
  return (
    <LogoWall
      title={t('exhibition.logosTitle')}
      logos={logos}
      placeholders={LOGO_PLACEHOLDERS}
      caption={t('exhibition.logosCaption')}
    />
  );
}

/**
 * The home page's expo section: exhibitors' and partners' logos and photos of past editions, as
 * props, so the content store can feed them; drawn and labelled illustrations until it does.
 */
export function Exhibition({
  logos = [],
  photos = [],
}: {
  logos?: readonly ProofLogo[];
  photos?: readonly ProofPhoto[];
}) {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  return (
    <HomeSection part="exhibition" id="expo" lead={t('exhibition.lead', { count: FIGURES.exhibitors })} tone="dark">
      <div className="proof__grid">
        <div className="proof__slot" data-content="home-logos">
          <HomeLogos logos={logos} />
        </div>
        <PastEditions
          title={t('exhibition.pastTitle')}
          photos={photos}
          scenes={{
            stage: t('exhibition.scenes.stage'),
            expo: t('exhibition.scenes.expo'),
            workshop: t('exhibition.scenes.workshop'),
          }}
          caption={t('exhibition.pastCaption')}
        />
      </div>
      <div className="teaser teaser--dark">
        <Notice title={t('exhibition.notice', { date: siteFacts(lang).lists })} />
        <div className="teaser__actions">
          <a href={href(lang, 'forExhibitors')} className="button button--accent">
            {t('exhibition.cta')}
          </a>
          <a href={href(lang, 'expo')} className="button button--ghost">
            {t('exhibition.more')}
          </a>
        </div>
      </div>
    </HomeSection>
  );
}
