import { useTranslation } from 'react-i18next';
import { CheckIn } from '../components/check-in';
import { useLanguage } from '../lib/use-language';
import { count } from './format';
import { UpdatedAt } from './status';
import { useStats } from './use-stats';

/**
 * The door: the check-in screen (which finds the console's token under its own storage key, so
 * nobody logs in twice) with live counts of who is in and how many on-site tickets were sold.
 */
export function Door() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const stats = useStats();
  const checkedIn = stats.data?.checkInsPerHour.reduce((sum, h) => sum + h.count, 0);
  const soldOnsite = stats.data?.products.filter((p) => p.id.startsWith('onsite-')).reduce((sum, p) => sum + p.sold, 0);
  return (
    <div className="console-door">
      <CheckIn />
      <section className="console-door-counts" aria-labelledby="door-counts">
        <h2 id="door-counts">{t('door.counts')}</h2>
        <dl>
          <div>
            <dt>{t('door.checkedIn')}</dt>
            <dd>{checkedIn === undefined ? '…' : count(lang, checkedIn)}</dd>
          </div>
          <div>
            <dt>{t('door.soldOnsite')}</dt>
            <dd>{soldOnsite === undefined ? '…' : count(lang, soldOnsite)}</dd>
          </div>
        </dl>
        <UpdatedAt at={stats.updatedAt} paused={stats.paused} />
      </section>
    </div>
  );
}
