import { useTranslation } from 'react-i18next';
import { FAQ_GROUPS, type FaqItemId } from '../../site/faq';
import { href, type PageId } from '../../site/pages';
import { Accordion } from '../components/accordion';
import { InfoCta } from '../components/info-cta';
import { useInfoFacts } from '../components/info-facts';
import { InfoHero } from '../components/info-hero';
import { InfoIcon } from '../components/info-icon';
import { Section } from '../components/section';
import { useLanguage } from '../lib/use-language';

export default function Page() {
  const { t } = useTranslation('info');
  const { t: tc } = useTranslation();
  const { t: tf } = useTranslation('faq');
  const lang = useLanguage();
  const facts = useInfoFacts();
  const groups = FAQ_GROUPS.map((group) => ({
    id: group.id,
    title: tf(`groups.${group.id}`),
    items: group.items.map((item: { id: FaqItemId; link: PageId | null }) => ({
      id: item.id,
      question: tf(`items.${item.id}.question`),
      answer: (
        <>
          <p>{tf(`items.${item.id}.answer`)}</p>
          {item.link && (
            <p>
              <a href={href(lang, item.link)} className="faq-link">
                {t('faq.seeAlso', { page: tc(`pages.${item.link}.nav`) })}
                <InfoIcon name="arrow" size={18} />
              </a>
            </p>
          )}
        </>
      ),
    })),
  }));
  return (
    <>
      <InfoHero id="faq" eyebrow={t('faq.eyebrow')} />
      <Section id="questions" title={t('faq.listTitle')}>
        <div className="faq-layout">
          <div className="faq-groups">
            {groups.map((group) => (
              <section key={group.id} className="faq-group" aria-labelledby={`faq-group-${group.id}`}>
                <h3 id={`faq-group-${group.id}`}>{group.title}</h3>
                <Accordion items={group.items} headingLevel={4} />
              </section>
            ))}
          </div>
          <section className="card faq-facts" aria-labelledby="faq-facts-title">
            <h3 id="faq-facts-title">{t('shared.factsTitle')}</h3>
            <dl>
              <div>
                <dt>
                  <InfoIcon name="calendar" size={20} />
                  {t('shared.facts.date')}
                </dt>
                <dd>
                  {facts.date}, {facts.start}–{facts.end}
                </dd>
              </div>
              <div>
                <dt>
                  <InfoIcon name="pin" size={20} />
                  {t('shared.facts.venue')}
                </dt>
                <dd>
                  {facts.venue}, {facts.city}
                </dd>
              </div>
              <div>
                <dt>
                  <InfoIcon name="globe" size={20} />
                  {t('shared.facts.online')}
                </dt>
                <dd>{t('shared.facts.onlineValue')}</dd>
              </div>
            </dl>
          </section>
        </div>
      </Section>
      <InfoCta
        white
        title={t('faq.moreTitle')}
        text={t('faq.moreText')}
        href={href(lang, 'contact')}
        action={t('faq.moreCta')}
      />
    </>
  );
}
