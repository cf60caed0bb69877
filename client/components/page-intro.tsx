import { useTranslation } from 'react-i18next';
import type { PageId } from '../../site/pages';

/**
 * A page's heading and lead paragraph, from its title and description in the catalogue; the shop
 * family (the ticket page) has a look of its own.
 */
export function PageIntro({ id, family }: { id: PageId; family?: 'shop' }) {
  const { t } = useTranslation();
  return (
    <section className={family ? `page-intro page-intro--${family}` : 'page-intro'}>
      <div className="container">
        <h1>{t(`pages.${id}.title`)}</h1>
        <p className="lead">{t(`pages.${id}.description`)}</p>
      </div>
    </section>
  );
}
