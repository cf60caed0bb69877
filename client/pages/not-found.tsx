import { useTranslation } from 'react-i18next';
import { href } from '../../site/pages';
import { useLanguage } from '../lib/use-language';

/** The 404 page: shown for unknown paths under a language prefix (the edge also answers 404). */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="not-found container">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <a href={href(useLanguage(), 'home')} className="button button--accent">
        {t('notFound.home')}
      </a>
    </section>
  );
}
