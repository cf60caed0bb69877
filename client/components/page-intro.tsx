import { useTranslation } from 'react-i18next';
import type { PageId } from '../../site/pages';

/** A page's heading and lead paragraph, from its title and description in the catalogue. */
export function PageIntro({ id }: { id: PageId }) {
  const { t } = useTranslation();
  return (
    <section className="page-intro">
      <div className="container">
        <h1>{t(`pages.${id}.title`)}</h1>
        <p className="lead">{t(`pages.${id}.description`)}</p>
      </div>
    </section>
  );
}
