import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeOfDay } from '../../site/format';
import { useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { decideOffline, listIsSigned, type OfflineDecision, type OfflineList, symbolsOf } from './door/decide';
import { installDoorApp } from './door/install';
import { type QrReader, qrReader } from './door/qr-reader';
import * as store from './door/store';
import { count } from './format';
import { useApi } from './session';
import { UpdatedAt } from './status';
import { useStats } from './use-stats';

/** Time between two looks at the camera picture: quick enough at a door, light on a phone's battery. */
const SCAN_INTERVAL_MS = 200;
/** The same code read again within this time is the same scan (the ticket is still in front of the camera). */
const SAME_SCAN_MS = 3000;

type Verdict = 'good' | 'bad' | 'warn';
type Answer = { verdict: Verdict; text: string; detail?: string; offline: boolean };
type SyncReport = { sent: number; reported: { code: string; text: string }[] } | { failed: string };

const REPORTED = ['already', 'conflict', 'not_valid', 'unknown', 'exited'] as const;
/** The report line of a synced scan's result (check-in lists' `ScanResult`); anything else is `error`. */
const reportedKey = (result: string | undefined) => REPORTED.find((r) => r === result) ?? ('error' as const);

const nonce = () => crypto.randomUUID().replaceAll('-', '');

/** The answer spoken aloud too: staff look at the guest, not at the phone. */
function speak(text: string, lang: string) {
  try {
    const synth = globalThis.speechSynthesis;
    if (!synth) return;
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    synth.speak(utterance);
  } catch {
    // No voice on this device: the colour and the text say it.
  }
}

/**
 * The door: scans QR codes with the camera (the browser's reader, or the zxing-wasm ponyfill where
 * it has none) or takes a typed code, checks it against a check-in list and answers big, coloured and
 * spoken. Online, the box office decides; offline (chosen by staff, or when a request fails) the
 * device decides from the list the worker signed, queues the scan with its own time and a nonce in
 * IndexedDB, and sends the queue when it is online again, showing what the server reported.
 */
export function Door() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const productName = useProductName();
  const stats = useStats();
  const [lists, setLists] = useState<string[]>(['entrance']);
  const [list, setList] = useState('entrance');
  const [offline, setOffline] = useState(false);
  const [offlineList, setOfflineList] = useState<OfflineList | null>(null);
  const [waiting, setWaiting] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [sync, setSync] = useState<SyncReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState<'off' | 'starting' | 'on' | 'failed'>('off');
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const lastRead = useRef({ code: '', at: 0 });

  const listName = (id: string) => (id === 'entrance' ? t('doorApp.entrance') : id);

  useEffect(() => installDoorApp(), []);

  // The lists this door may serve (the check-in lists' API); the entrance when there is none.
  useEffect(() => {
    call<{ lists: { id: string }[] }>('/api/admin/check-in/lists')
      .then((body) => body.lists.length > 0 && setLists(body.lists.map((l) => l.id)))
      .catch(() => {});
  }, [call]);

  const refreshWaiting = useCallback(async () => setWaiting((await store.queued()).length), []);

  // The list kept on this device, checked against the key pinned with the first one.
  const loadStored = useCallback(async (id: string) => {
    const stored = await store.getValue<store.StoredList>(`list:${id}`);
    const pinned = await store.getValue<string>('publicKey');
    if (stored && pinned && (await listIsSigned(stored.body, stored.signature, pinned))) {
      setOfflineList(JSON.parse(stored.body) as OfflineList);
    } else setOfflineList(null);
  }, []);

  const download = useCallback(
    async (id: string) => {
      const fresh = await call<store.StoredList>(`/api/admin/door/offline-list?list=${encodeURIComponent(id)}`);
      const parsed = JSON.parse(fresh.body) as OfflineList;
      const pinned = (await store.getValue<string>('publicKey')) ?? parsed.publicKey;
      if (!(await listIsSigned(fresh.body, fresh.signature, pinned))) throw new ApiFailure(0, 'list_not_signed');
      await store.setValue('publicKey', pinned);
      await store.setValue(`list:${id}`, fresh);
      setOfflineList(parsed);
    },
    [call],
  );

  useEffect(() => {
    void refreshWaiting();
    void loadStored(list).then(() => download(list).catch(() => {}));
  }, [list, loadStored, download, refreshWaiting]);

  const sendQueue = useCallback(async () => {
    const scans = await store.queued();
    if (scans.length === 0) return;
    const device = await store.deviceId();
    const reported: { code: string; text: string }[] = [];
    let sent = 0;
    try {
      for (const id of [...new Set(scans.map((s) => s.list))]) {
        const mine = scans.filter((s) => s.list === id);
        const body = await call<{
          results: { result?: string; error?: string; previous?: { at: string; device: string | null } }[];
        }>('/api/admin/check-in/sync', {
          method: 'POST',
          body: {
            list: id,
            device,
            scans: mine.map(({ code: c, nonce: n, at, direction }) => ({ code: c, nonce: n, at, direction })),
          },
        });
        body.results.forEach((result, i) => {
          const scan = mine[i] as store.QueuedScan;
          if (result.result !== 'admitted' && result.error !== 'nonce_reused') {
            const at = result.previous?.at;
            reported.push({
              code: `${scan.code.slice(0, 8)}…`,
              text: t(`doorApp.reported.${reportedKey(result.result)}`, {
                time: at ? formatTimeOfDay(lang, at) : '',
                device: result.previous?.device ?? '',
              }),
            });
          }
        });
        await store.dequeue(mine.map((s) => s.nonce));
        sent += mine.length;
      }
      setSync({ sent, reported });
    } catch (error) {
      setSync({
        failed:
          error instanceof ApiFailure && error.status === 404 ? t('doorApp.sync.missing') : t('doorApp.sync.failed'),
      });
    } finally {
      await refreshWaiting();
    }
  }, [call, lang, refreshWaiting, t]);

  // Back online (the browser says so) and not held offline by staff: send what is waiting.
  useEffect(() => {
    const back = () => {
      if (!offline) void sendQueue();
    };
    addEventListener('online', back);
    return () => removeEventListener('online', back);
  }, [offline, sendQueue]);

  const offlineAnswer = (decision: OfflineDecision): Answer => {
    switch (decision.kind) {
      case 'admitted':
        return {
          verdict: 'good',
          text: t('doorApp.result.admitted'),
          detail: [decision.name, decision.product && productName(decision.product as never)]
            .filter(Boolean)
            .join(' · '),
          offline: true,
        };
      case 'already':
        return {
          verdict: 'bad',
          text: t('doorApp.result.already', { time: formatTimeOfDay(lang, decision.at) }),
          offline: true,
        };
      case 'product':
        return {
          verdict: 'bad',
          text: t('doorApp.result.product'),
          detail: decision.product ? productName(decision.product as never) : undefined,
          offline: true,
        };
      case 'revoked':
        return { verdict: 'bad', text: t('doorApp.result.revoked'), offline: true };
      default:
        return { verdict: 'bad', text: t('doorApp.result.unknownOffline'), offline: true };
    }
  };

  const decideHere = async (input: string): Promise<Answer> => {
    if (!offlineList) return { verdict: 'warn', text: t('doorApp.result.noList'), offline: true };
    const decision = await decideOffline(offlineList, input, (own) => store.admittedAt(list, own));
    if (decision.kind === 'admitted') {
      const at = new Date().toISOString();
      // Kept before it is shown: a scan on screen is a scan on disk.
      await store.enqueue({ nonce: nonce(), list, code: symbolsOf(input), at, direction: 'in' });
      await store.markAdmitted(list, decision.own, at);
      await refreshWaiting();
    }
    return offlineAnswer(decision);
  };

  const decideOnline = async (input: string): Promise<Answer> => {
    type Body = {
      product?: string;
      name?: string | null;
      at?: string;
      reason?: string;
      previous?: { at: string };
      ticket?: { product: string; name: string | null };
    };
    try {
      // `ticket` too: the route's field before check-in lists, which they still take.
      const body = await call<Body>('/api/admin/check-in', {
        method: 'POST',
        body: { code: input, ticket: input, list, device: await store.deviceId(), nonce: nonce() },
      });
      const product = body.ticket?.product ?? body.product;
      return {
        verdict: 'good',
        text: t('doorApp.result.admitted'),
        detail: [body.ticket?.name ?? body.name, product && productName(product as never)].filter(Boolean).join(' · '),
        offline: false,
      };
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      const details = error.details as Body;
      if (error.status === 0 || error.status >= 500) {
        // The network or the server failed: this door goes offline by itself and decides here.
        setOffline(true);
        return decideHere(input);
      }
      if (error.code === 'already_checked_in' || error.code === 'check_in_conflict') {
        const at = details.previous?.at ?? details.at;
        return {
          verdict: 'bad',
          text: t('doorApp.result.already', { time: at ? formatTimeOfDay(lang, at) : '' }),
          offline: false,
        };
      }
      if (error.code === 'ticket_reissued')
        return { verdict: 'bad', text: t('doorApp.result.revoked'), offline: false };
      if (error.code === 'ticket_not_valid')
        return { verdict: 'bad', text: t('doorApp.result.notValid'), offline: false };
      return { verdict: 'bad', text: t('doorApp.result.unknown'), offline: false };
    }
  };

  const check = async (input: string) => {
    const value = input.trim();
    if (!value || busy) return;
    setBusy(true);
    try {
      const result = offline ? await decideHere(value) : await decideOnline(value);
      setAnswer(result);
      speak(result.text, lang);
      if (result.verdict === 'good') setCode('');
    } finally {
      setBusy(false);
    }
  };
  const checkRef = useRef(check);
  checkRef.current = check;

  const stopCamera = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setCamera('off');
  }, []);
  useEffect(() => stopCamera, [stopCamera]);

  const startCamera = async () => {
    setCamera('starting');
    try {
      const [media, reader] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        qrReader(),
      ]);
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play();
      }
      readerRef.current = reader;
      setCamera('on');
    } catch {
      stopCamera();
      setCamera('failed');
    }
  };
  const readerRef = useRef<QrReader | null>(null);

  useEffect(() => {
    if (camera !== 'on') return;
    let reading = false;
    const timer = setInterval(async () => {
      const element = video.current;
      const reader = readerRef.current;
      if (reading || !reader || !element || element.readyState < 2) return;
      reading = true;
      try {
        const [found] = await reader.detect(element);
        const now = Date.now();
        if (found?.rawValue && (found.rawValue !== lastRead.current.code || now - lastRead.current.at > SAME_SCAN_MS)) {
          lastRead.current = { code: found.rawValue, at: now };
          await checkRef.current(found.rawValue);
        }
      } catch {
        // A frame that cannot be read is skipped; the next one is tried.
      } finally {
        reading = false;
      }
    }, SCAN_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [camera]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void check(code);
  };

  const goOnline = () => {
    setOffline(false);
    void sendQueue();
  };

  const checkedIn = stats.data?.checkInsPerHour.reduce((sum, h) => sum + h.count, 0);
  return (
    <div className={`console-door door-app${offline ? ' door-app--offline' : ''}`}>
      <h1>{t('checkIn.title')}</h1>
      <div className="door-app__mode" role="status">
        <p className="door-app__state">
          <strong>{offline ? t('doorApp.mode.offline') : t('doorApp.mode.online')}</strong>
          {' · '}
          {t('doorApp.waiting', { count: waiting })}
        </p>
        {offline ? (
          <button type="button" className="console-button" onClick={goOnline}>
            {t('doorApp.mode.goOnline')}
          </button>
        ) : (
          <button
            type="button"
            className="console-button console-button--quiet"
            onClick={() => setOffline(true)}
            disabled={!offlineList}
          >
            {t('doorApp.mode.goOffline')}
          </button>
        )}
      </div>
      <div className="door-app__list">
        <label>
          {t('doorApp.list')}{' '}
          <select value={list} onChange={(e) => setList(e.target.value)}>
            {lists.map((id) => (
              <option key={id} value={id}>
                {listName(id)}
              </option>
            ))}
          </select>
        </label>
        <p className="door-app__hint">
          {offlineList
            ? t('doorApp.listKept', {
                time: formatTimeOfDay(lang, offlineList.takenAt),
                count: offlineList.tickets.length,
              })
            : t('doorApp.noList')}
        </p>
      </div>

      <div className="door-app__answer" aria-live="assertive" aria-atomic="true">
        {answer && (
          <div className={`door-app__verdict door-app__verdict--${answer.verdict}`}>
            <p className="door-app__verdict-text">{answer.text}</p>
            {answer.detail && <p className="door-app__verdict-detail">{answer.detail}</p>}
            {answer.offline && <p className="door-app__verdict-detail">{t('doorApp.decidedHere')}</p>}
          </div>
        )}
      </div>

      <div className="door-app__camera">
        <button
          type="button"
          className="console-button door-app__big"
          onClick={camera === 'on' ? stopCamera : startCamera}
          disabled={camera === 'starting'}
        >
          {camera === 'on'
            ? t('doorApp.camera.stop')
            : camera === 'starting'
              ? t('doorApp.camera.starting')
              : t('doorApp.camera.start')}
        </button>
        <video
          ref={video}
          className="door-app__video"
          hidden={camera !== 'on'}
          muted
          playsInline
          aria-label={t('doorApp.camera.preview')}
        />
        {camera === 'failed' && <p className="door-app__hint">{t('doorApp.camera.failed')}</p>}
      </div>

      <form className="door-app__form" onSubmit={submit}>
        <label htmlFor="door-code">{t('doorApp.code')}</label>
        <input
          id="door-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="console-button door-app__big" disabled={busy} aria-busy={busy}>
          {t('doorApp.check')}
        </button>
      </form>

      {sync && (
        <section className="door-app__sync" aria-labelledby="door-sync">
          <h2 id="door-sync">{t('doorApp.sync.title')}</h2>
          {'failed' in sync ? (
            <p role="alert">{sync.failed}</p>
          ) : (
            <>
              <p>{t('doorApp.sync.sent', { count: sync.sent })}</p>
              {sync.reported.length > 0 && (
                <ul>
                  {sync.reported.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a report's lines do not move.
                    <li key={i}>
                      <span translate="no">{r.code}</span> {r.text}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </section>
      )}
      {!offline && waiting > 0 && (
        <button type="button" className="console-button" onClick={() => void sendQueue()}>
          {t('doorApp.sync.now')}
        </button>
      )}

      <section className="console-door-counts" aria-labelledby="door-counts">
        <h2 id="door-counts">{t('door.counts')}</h2>
        <dl>
          <div>
            <dt>{t('door.checkedIn')}</dt>
            <dd>{checkedIn === undefined ? '…' : count(lang, checkedIn)}</dd>
          </div>
        </dl>
        <UpdatedAt at={stats.updatedAt} paused={stats.paused} />
      </section>
    </div>
  );
}
