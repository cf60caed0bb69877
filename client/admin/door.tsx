import { type FormEvent, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CheckInListStats, ONSITE_PRODUCTS, type ScanRecord } from '../../site/check-in';
import { WORKSHOPS } from '../../site/workshops';
import { useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { DataTable } from './data-table';
import { Scanner } from './door/scanner';
import { count, dateTime } from './format';
import { useApi, useMe } from './session';
import { LoadState, UpdatedAt, useErrorText } from './status';
import { usePolling } from './use-polling';

/** How often the door's figures are fetched again: "inside now" is what staff watch. */
const DOOR_POLL_MS = 5_000;

/** Where this browser keeps its name as a door device, so "already admitted here" can say which door. */
const DEVICE_KEY = 'doorDevice';

/** This browser's device name at the door (`console-k3f9q2`), made once and kept. */
function doorDevice(): string {
  try {
    const known = localStorage.getItem(DEVICE_KEY);
    if (known) return known;
    const made = `console-${crypto.randomUUID().slice(0, 6)}`;
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return 'console';
  }
}

/** A list's name: an organiser's own, or the console's for a default list. */
export function useListName() {
  const { t } = useTranslation('admin');
  return useCallback(
    (list: Pick<CheckInListStats, 'id' | 'kind' | 'name' | 'workshopId'>) => {
      if (list.name) return list.name;
      if (list.kind === 'workshop') return t('door.lists.workshop', { workshop: list.workshopId ?? '' });
      if (list.kind === 'entrance' || list.kind === 'dinner' || list.kind === 'gala') {
        return t(`door.lists.kinds.${list.kind}`);
      }
      return list.id;
    },
    [t],
  );
}

/**
 * The door on event day: the scanner at the list this door serves (camera or typed code, online or
 * offline with its queue; door/scanner.tsx), every list's figures
 * (admitted, inside now, conflicts of offline doors), the list's latest scans newest first with
 * an undo that asks why, the conflicts to look into, and a form to add a list.
 */
export function Door() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const me = useMe();
  const listName = useListName();
  const [list, setList] = useState('entrance');
  const listField = useId();
  // Read once the screen is in the browser (storage); the same for every scan, online or synced later.
  const [device] = useState(doorDevice);

  const loadLists = useCallback(
    async () => (await call<{ lists: CheckInListStats[] }>('/api/admin/check-in/lists')).lists,
    [call],
  );
  const lists = usePolling(loadLists, DOOR_POLL_MS);
  const loadScans = useCallback(async () => {
    const [latest, conflicts] = await Promise.all([
      call<{ scans: ScanRecord[] }>(`/api/admin/check-in/scans?list=${encodeURIComponent(list)}&limit=20`),
      call<{ scans: ScanRecord[] }>('/api/admin/check-in/scans?result=conflict&limit=50'),
    ]);
    return { latest: latest.scans, conflicts: conflicts.scans };
  }, [call, list]);
  const scans = usePolling(loadScans, DOOR_POLL_MS);
  const refresh = useCallback(() => {
    void lists.refresh();
    void scans.refresh();
  }, [lists.refresh, scans.refresh]);

  const current = lists.data?.find((l) => l.id === list);
  return (
    <div className="console-door">
      <h1>{t('checkIn.title')}</h1>
      <div className="console-door__list">
        <label htmlFor={listField}>{t('door.list')}</label>
        <select id={listField} value={list} onChange={(e) => setList(e.target.value)}>
          {(lists.data ?? [{ id: 'entrance', kind: 'entrance', name: null, workshopId: null }]).map((l) => (
            <option key={l.id} value={l.id}>
              {listName(l)}
            </option>
          ))}
        </select>
        {current && (
          <p className="console-muted">
            {t('door.insideOf', {
              inside: count(lang, current.insideNow),
              count: current.admitted,
              admitted: count(lang, current.admitted),
            })}
          </p>
        )}
      </div>
      <Scanner list={list} device={device} onAnswer={refresh} />
      <section className="console-door-counts" aria-labelledby="door-counts">
        <h2 id="door-counts">{t('door.counts')}</h2>
        <LoadState error={lists.error} loading={!lists.data && !lists.error} retry={lists.refresh} />
        {lists.data && (
          <DataTable
            caption={t('door.listsCaption')}
            captionHidden
            rows={lists.data}
            rowKey={(l) => l.id}
            columns={[
              { id: 'name', header: t('door.columns.list'), cell: (l) => listName(l), rowHeader: true },
              {
                id: 'admitted',
                header: t('door.columns.admitted'),
                cell: (l) => count(lang, l.admitted),
                numeric: true,
              },
              { id: 'inside', header: t('door.columns.inside'), cell: (l) => count(lang, l.insideNow), numeric: true },
              {
                id: 'conflicts',
                header: t('door.columns.conflicts'),
                cell: (l) => count(lang, l.conflicts),
                numeric: true,
              },
              {
                id: 'rules',
                header: t('door.columns.rules'),
                cell: (l) => (l.reentry ? t('door.reentry') : t('door.once')),
              },
            ]}
          />
        )}
        <UpdatedAt at={lists.updatedAt} paused={lists.paused} />
      </section>
      <Scans
        title={t('door.latest', {
          list: listName(
            current ?? { id: list, kind: list === 'entrance' ? 'entrance' : 'custom', name: null, workshopId: null },
          ),
        })}
        scans={scans.data?.latest}
        error={scans.error}
        retry={scans.refresh}
        onUndone={refresh}
      />
      <Scans
        title={t('door.conflicts')}
        intro={t('door.conflictsIntro')}
        empty={t('door.noConflicts')}
        scans={scans.data?.conflicts}
        error={scans.error}
        retry={scans.refresh}
        onUndone={refresh}
        showList
      />
      {/* Making a list is the admin's (POST /check-in/lists); the door role only scans. */}
      {me?.role === 'admin' && <AddList onAdded={refresh} />}
    </div>
  );
}

/** Scans as a table, newest first, each counted one with an undo that asks why. */
function Scans({
  title,
  intro,
  empty,
  scans,
  error,
  retry,
  onUndone,
  showList = false,
}: {
  title: string;
  intro?: string;
  empty?: string;
  scans: ScanRecord[] | undefined;
  error: unknown;
  retry: () => void;
  onUndone: () => void;
  showList?: boolean;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const productName = useProductName();
  const { call } = useApi();
  const errorText = useErrorText();
  const headingId = useId();
  const reasonId = useId();
  const [undoing, setUndoing] = useState<ScanRecord | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const undo = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!undoing || !reason.trim()) return;
    setBusy(true);
    try {
      await call(`/api/admin/check-in/scans/${undoing.scan}/undo`, { method: 'POST', body: { reason: reason.trim() } });
      setNotice({ ok: true, text: t('door.undone', { code: undoing.ticket?.code ?? '' }) });
      setUndoing(null);
      setReason('');
      onUndone();
    } catch (problem) {
      setNotice({
        ok: false,
        text:
          problem instanceof ApiFailure && problem.code === 'already_undone'
            ? t('door.alreadyUndone')
            : errorText(problem),
      });
    } finally {
      setBusy(false);
    }
  };

  const resultText = (scan: ScanRecord) => {
    const result = t(`door.results.${scan.result}`);
    return scan.reason ? `${result}: ${t(`door.reasons.${scan.reason}`)}` : result;
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {intro && <p className="console-muted">{intro}</p>}
      <div role="status">{notice && <p className={notice.ok ? 'console-ok' : 'console-alert'}>{notice.text}</p>}</div>
      <LoadState error={error} loading={!scans && !error} retry={retry} />
      {scans && (
        <DataTable
          caption={title}
          captionHidden
          rows={scans}
          rowKey={(s) => s.scan}
          empty={empty ?? t('door.noScans')}
          rowClassName={(s) => (s.undone ? 'console-muted' : undefined)}
          columns={[
            {
              id: 'at',
              header: t('door.columns.at'),
              cell: (s) => dateTime(lang, s.at),
              rowHeader: true,
              className: 'console-nowrap',
            },
            showList && { id: 'list', header: t('door.columns.list'), cell: (s) => s.list },
            {
              id: 'holder',
              header: t('door.columns.holder'),
              cell: (s) =>
                s.ticket ? `${s.ticket.name ?? '—'} (${productName(s.ticket.product)})` : t('door.noTicket'),
            },
            {
              id: 'code',
              header: t('door.columns.code'),
              cell: (s) => s.ticket?.code ?? '—',
              className: 'console-nowrap',
            },
            { id: 'result', header: t('door.columns.result'), cell: resultText },
            {
              id: 'device',
              header: t('door.columns.device'),
              cell: (s) => [s.device ?? '—', s.who].join(' · '),
              className: 'console-break',
            },
            {
              id: 'undo',
              header: t('door.columns.undo'),
              headerHidden: true,
              cell: (s) =>
                s.undone ? (
                  t('door.undoneBy', { by: s.undone.by, reason: s.undone.reason })
                ) : s.result === 'admitted' || s.result === 'exited' ? (
                  <button
                    type="button"
                    className="button button--outline button--small"
                    onClick={() => {
                      setUndoing(s);
                      setNotice(null);
                    }}
                  >
                    {t('door.undo', { code: s.ticket?.code ?? '' })}
                  </button>
                ) : null,
            },
          ]}
        />
      )}
      {undoing && (
        <form className="console-form console-door__undo" onSubmit={undo}>
          <p>
            {t('door.undoWhat', {
              code: undoing.ticket?.code ?? '',
              name: undoing.ticket?.name ?? '—',
              time: dateTime(lang, undoing.at),
            })}
          </p>
          <label htmlFor={reasonId}>{t('door.reason')}</label>
          <input id={reasonId} required maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="console-actions">
            <button type="submit" className="button button--accent" disabled={busy}>
              {t('door.confirmUndo')}
            </button>
            <button type="button" className="button button--outline" onClick={() => setUndoing(null)}>
              {t('door.keep')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The form that adds an organiser's list: products, a workshop room, guests, a time window, re-entry. */
function AddList({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('admin');
  const productName = useProductName();
  const { call } = useApi();
  const errorText = useErrorText();
  const id = useId();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    // datetime-local is the organiser's local time (Warsaw on the day): the browser turns it into an instant.
    const instant = (name: string) => {
      const value = String(data.get(name) ?? '');
      return value ? new Date(value).toISOString() : null;
    };
    setBusy(true);
    try {
      await call('/api/admin/check-in/lists', {
        method: 'POST',
        body: {
          name: String(data.get('name') ?? ''),
          products: data.getAll('products').map(String),
          workshopId: String(data.get('workshopId') ?? '') || null,
          guests: data.get('guests') === 'on',
          reentry: data.get('reentry') === 'on',
          opensAt: instant('opensAt'),
          closesAt: instant('closesAt'),
        },
      });
      setNotice({ ok: true, text: t('door.add.added', { name: String(data.get('name') ?? '') }) });
      form.reset();
      onAdded();
    } catch (problem) {
      const fields =
        problem instanceof ApiFailure ? (problem.details.fields as Record<string, string> | undefined) : undefined;
      setNotice({
        ok: false,
        text: fields
          ? Object.keys(fields)
              .map((field) =>
                t(
                  `door.add.errors.${field.startsWith('products') ? 'products' : field === 'closesAt' ? 'closesAt' : 'other'}`,
                ),
              )
              .join(' ')
          : errorText(problem),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="console-door__add">
      <summary>{t('door.add.title')}</summary>
      <form className="console-form" onSubmit={submit}>
        <label htmlFor={`${id}-name`}>{t('door.add.name')}</label>
        <input id={`${id}-name`} name="name" required maxLength={80} />
        <fieldset>
          <legend>{t('door.add.products')}</legend>
          {ONSITE_PRODUCTS.map((p) => (
            <label key={p} className="console-check">
              <input type="checkbox" name="products" value={p} /> {productName(p)}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-workshop`}>{t('door.add.workshop')}</label>
        <select id={`${id}-workshop`} name="workshopId" defaultValue="">
          <option value="">{t('door.add.noWorkshop')}</option>
          {WORKSHOPS.map((w) => (
            <option key={w.id} value={w.id}>
              {w.id}
            </option>
          ))}
        </select>
        <label className="console-check">
          <input type="checkbox" name="guests" /> {t('door.add.guests')}
        </label>
        <label className="console-check">
          <input type="checkbox" name="reentry" /> {t('door.add.reentry')}
        </label>
        <label htmlFor={`${id}-opens`}>{t('door.add.opensAt')}</label>
        <input id={`${id}-opens`} name="opensAt" type="datetime-local" />
        <label htmlFor={`${id}-closes`}>{t('door.add.closesAt')}</label>
        <input id={`${id}-closes`} name="closesAt" type="datetime-local" />
        <button type="submit" className="button button--accent" disabled={busy}>
          {t('door.add.submit')}
        </button>
        <div role="status">{notice && <p className={notice.ok ? 'console-ok' : 'console-alert'}>{notice.text}</p>}</div>
      </form>
    </details>
  );
}
