import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageId } from '../../site/pages';
import { InfoHero } from './info-hero';
import { InfoIcon } from './info-icon';

export type LegalSection = { id: string; title: string; content: ReactNode };

/** A legal document: intro with its effective date, a table of contents and numbered sections. */
export function LegalPage({
  id,
  lead,
  updated,
  sections,
}: {
  id: PageId;
  lead: string;
  updated: string;
  sections: LegalSection[];
}) {
  const { t } = useTranslation('info');
  return (
    <>
      <InfoHero
        id={id}
        lead={lead}
        meta={
          <p className="info-hero__line">
            <InfoIcon name="calendar" size={20} />
            {updated}
          </p>
        }
      />
      <div className="section section--white legal">
        <div className="container legal__grid">
          <nav className="legal__toc" aria-labelledby="toc-title">
            <h2 id="toc-title">{t('shared.onThisPage')}</h2>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="legal__body">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                className="legal__section"
                aria-labelledby={`${section.id}-title`}
              >
                <h2 id={`${section.id}-title`}>
                  <span className="legal__number">{index + 1}.</span> {section.title}
                </h2>
                {section.content}
              </section>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
