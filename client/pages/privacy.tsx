import { useTranslation } from 'react-i18next';
import type info from '../../locales/pl/info.json';
import { DATA_KIND_IDS, DATA_MAP, type DataKind, lastDayKept, PROCESSORS, periodCount } from '../../site/data-map';
import { formatDate, formatNumber } from '../../site/format';
import { BROWSER_STORAGE, LANGUAGE_COOKIE_DAYS, PRIVACY_POLICY_DATE } from '../../site/privacy';
import { useInfoFacts } from '../components/info-facts';
import { LegalList, LegalPage, ReachOrganiser, sectionsTitledBy } from '../components/legal-page';
import { Linkify } from '../components/linkify';
import { useLanguage } from '../lib/use-language';

const PURPOSES = ['contact', 'orders', 'payments', 'operation'] as const;
const RIGHTS = ['access', 'rectification', 'erasure', 'restriction', 'portability', 'objection', 'complaint'] as const;

type SectionId = keyof (typeof info)['privacy']['sections'];

export default function Page() {
  const { t } = useTranslation('info');
  const lang = useLanguage();
  const facts = useInfoFacts();
  const section = sectionsTitledBy((id: SectionId) => t(`privacy.sections.${id}`));
  const sections = [
    section(
      'controller',
      <>
        <p>{t('privacy.controller.text', facts)}</p>
        <p>
          <Linkify text={t('privacy.controller.reach', facts)} />
        </p>
      </>,
    ),
    section(
      'purposes',
      <>
        <LegalList
          intro={t('privacy.purposes.intro')}
          items={PURPOSES.map((key) => t(`privacy.purposes.items.${key}`))}
        />
        <p>{t('privacy.purposes.noProfiling')}</p>
      </>,
    ),
    section(
      'data',
      <>
        <p>{t('privacy.data.intro')}</p>
        <ul className="storage-list" aria-label={t('privacy.data.caption')}>
          {DATA_KIND_IDS.map((kind) => {
            const entry: DataKind = DATA_MAP[kind];
            const day = lastDayKept(kind);
            return (
              <li key={kind} className="storage-list__item">
                <p className="storage-list__name">{t(`privacy.data.kinds.${kind}.name`)}</p>
                <dl>
                  <div>
                    <dt>{t('privacy.data.columns.what')}</dt>
                    <dd>{t(`privacy.data.kinds.${kind}.what`)}</dd>
                  </div>
                  <div>
                    <dt>{t('privacy.data.columns.where')}</dt>
                    <dd>{entry.stores.map((store) => t(`privacy.data.stores.${store}`)).join('; ')}</dd>
                  </div>
                  <div>
                    <dt>{t('privacy.data.columns.basis')}</dt>
                    <dd>{entry.basis.map((basis) => t(`privacy.data.bases.${basis}`)).join('; ')}</dd>
                  </div>
                  <div>
                    <dt>{t('privacy.data.columns.period')}</dt>
                    <dd>
                      {t(`privacy.data.periods.${entry.retention.start}`, {
                        count: periodCount(kind),
                        date: day ? formatDate(lang, day) : '',
                      })}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('privacy.data.columns.erasure')}</dt>
                    <dd>
                      {t(`privacy.data.erasure.${entry.erasure}`)}
                      {entry.keptBecause ? `: ${t(`privacy.data.kept.${entry.keptBecause}`)}` : ''}
                    </dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      </>,
    ),
    section(
      'processors',
      <>
        <LegalList
          intro={t('privacy.processors.intro')}
          items={PROCESSORS.map((processor) => t(`privacy.processors.items.${processor.id}`))}
        />
        <p>{t('privacy.processors.transfers')}</p>
      </>,
    ),
    section(
      'rights',
      <>
        <LegalList intro={t('privacy.rights.intro')} items={RIGHTS.map((key) => t(`privacy.rights.items.${key}`))} />
        <p>
          <Linkify text={t('privacy.rights.how', facts)} />
        </p>
      </>,
    ),
    section(
      'cookies',
      <>
        <p>{t('privacy.cookies.intro')}</p>
        <ul className="storage-list" aria-label={t('privacy.cookies.caption')}>
          {BROWSER_STORAGE.map((item) => (
            <li key={`${item.kind}-${item.name}`} className="storage-list__item">
              <p className="storage-list__name">
                <code>{item.name}</code>
                <span className="badge">{t(`privacy.cookies.kinds.${item.kind}`)}</span>
              </p>
              <dl>
                <div>
                  <dt>{t('privacy.cookies.columns.purpose')}</dt>
                  <dd>{t(`privacy.cookies.purposes.${item.purpose}`)}</dd>
                </div>
                <div>
                  <dt>{t('privacy.cookies.columns.lifetime')}</dt>
                  <dd>
                    {t(`privacy.cookies.lifetimes.${item.lifetime}`, {
                      days: formatNumber(lang, LANGUAGE_COOKIE_DAYS),
                    })}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        <p>{t('privacy.cookies.necessary')}</p>
        <p>{t('privacy.cookies.stripe')}</p>
      </>,
    ),
    section('contact', <ReachOrganiser how={t('privacy.contact.text', facts)} form={t('privacy.contact.form')} />),
  ];
  return (
    <LegalPage
      id="privacy"
      lead={t('privacy.lead', facts)}
      updated={t('shared.updated', { date: formatDate(lang, PRIVACY_POLICY_DATE) })}
      sections={sections}
    />
  );
}
