import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageId } from '../../site/pages';
import { href } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { InfoHero } from './info-hero';
import { InfoIcon } from './info-icon';
import { Linkify } from './linkify';

export type LegalSection = { id: string; title: string; content: ReactNode };

/** Makes a document's sections, each titled by its id's heading in the catalogue (`title(id)`). */
export const sectionsTitledBy =
  <Id extends string>(title: (id: Id) => string) =>
  (id: Id, content: ReactNode): LegalSection => ({ id, title: title(id), content });

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
      <LegalBody sections={sections} numbered />
    </>
  );
}

/**
 * A document's table of contents beside its sections, each a titled region the contents link to;
 * `numbered` puts the section's number before its title (the legal documents, not the travel page).
 */
export function LegalBody({ sections, numbered = false }: { sections: LegalSection[]; numbered?: boolean }) {
  const { t } = useTranslation('info');
  return (
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
                {numbered && (
                  <>
                    <span className="legal__number">{index + 1}.</span>{' '}
                  </>
                )}
                {section.title}
              </h2>
              {section.content}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * A document's bullet list after its introducing sentence, one catalogue sentence an item (the
 * sentences differ, so each keys itself).
 */
export function LegalList({ intro, items }: { intro: ReactNode; items: readonly string[] }) {
  return (
    <>
      <p>{intro}</p>
      <ul className="legal__list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}

/** How to reach the organiser about a document: the sentence (its addresses become links), then the contact form. */
export function ReachOrganiser({ how, form }: { how: string; form: string }) {
  const lang = useLanguage();
  return (
    <>
      <p>
        <Linkify text={how} />
      </p>
      <p>
        <a href={href(lang, 'contact')}>{form}</a>
      </p>
    </>
  );
}
