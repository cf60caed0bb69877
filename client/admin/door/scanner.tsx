import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanAnswer } from '../../../site/check-in';
import { formatTimeOfDay } from '../../../site/format';
import { useProductName } from '../../components/ticket-card';
import { useLanguage } from '../../lib/use-language';
import { ApiFailure } from '../api';
import { useApi } from '../session';
import { decideOffline, listIsSigned, type OfflineDecision, type OfflineList, symbolsOf } from './decide';
import { installDoorApp } from './install';
import { type QrReader, qrReader } from './qr-reader';
import * as store from './store';

/** Time between two looks at the camera picture: quick enough at a door, light on a phone's battery. */
const SCAN_INTERVAL_MS = 200;
/** The same code read again within this time is the same scan (the ticket is still in front of the camera). */
const SAME_SCAN_MS = 3000;

type Verdict = 'good' | 'bad' | 'warn';
type Answer = { verdict: Verdict; text: string; detail?: string; offline: boolean };
type SyncReport = { sent: number; reported: { code: string; text: string }[] } | { failed: true };

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
 * The scanner at the list this door serves: QR codes from the camera (the browser's reader, or the
 * zxing-wasm ponyfill where it has none) or a typed code, answered big, coloured and spoken. Online,
 * the box office decides (`POST /api/admin/check-in`); offline (chosen by staff, or when a request
 * fails) the device decides from the list the worker signed for this list (its tickets, time window
 * and re-entry rule), queues the scan with its own time and a nonce in IndexedDB, and sends the queue
 * to `POST /api/admin/check-in/sync` when it is online again, showing what the server reported.
 */
export function Scanner({ list, device, onAnswer }: { list: string; device: string; onAnswer: () => void }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const productName = useProductName();
  const codeId = useId();
  const syncId = useId();
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
  const readerRef = useRef<QrReader | null>(null);
  const lastRead = useRef({ code: '', at: 0 });

  useEffect(() => installDoorApp(), []);

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
    const reported: { code: string; text: string }[] = [];
    let sent = 0;
    try {
      // Each list's scans in one request, in the order they were made; the same nonces sent again count nothing twice.
      for (const id of [...new Set(scans.map((s) => s.list))]) {
        const mine = scans.filter((s) => s.list === id);
        const body = await call<{ results: (Partial<ScanAnswer> & { error?: string })[] }>('/api/admin/check-in/sync', {
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
                device: result.previous?.device ?? '—',
              }),
            });
          }
        });
        await store.dequeue(mine.map((s) => s.nonce));
        sent += mine.length;
      }
      setSync({ sent, reported });
    } catch {
      setSync({ failed: true });
    } finally {
      await refreshWaiting();
      onAnswer();
    }
  }, [call, device, lang, onAnswer, refreshWaiting, t]);

  // Back online (the browser says so) and not held offline by staff: send what is waiting.
  useEffect(() => {
    const back = () => {
      if (!offline) void sendQueue();
    };
    addEventListener('online', back);
    return () => removeEventListener('online', back);
  }, [offline, sendQueue]);

  const offlineAnswer = (decision: OfflineDecision): Answer => {
    const bad = (text: string, detail?: string): Answer => ({ verdict: 'bad', text, detail, offline: true });
    switch (decision.kind) {
      case 'admitted':
        return {
          verdict: 'good',
          text: t('checkIn.result.admitted'),
          detail: [decision.name, decision.product && productName(decision.product as never)]
            .filter(Boolean)
            .join(' · '),
          offline: true,
        };
      case 'already':
        return bad(t('checkIn.result.already', { time: formatTimeOfDay(lang, decision.at) }));
      case 'product':
        return bad(
          t(offlineList?.workshopId ? 'checkIn.reasons.no_seat' : 'checkIn.reasons.product'),
          decision.product ? productName(decision.product as never) : undefined,
        );
      case 'not_open':
      case 'closed':
        return bad(t(`checkIn.reasons.${decision.kind}`));
      case 'revoked':
        return bad(t('checkIn.result.revoked'));
      default:
        return bad(t('checkIn.result.unknownOffline'));
    }
  };

  const decideHere = async (input: string): Promise<Answer> => {
    if (!offlineList || offlineList.list !== list) {
      return { verdict: 'warn', text: t('checkIn.result.noList'), offline: true };
    }
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
    const answered = (text: string, verdict: Verdict = 'bad', detail?: string): Answer => ({
      verdict,
      text,
      detail,
      offline: false,
    });
    try {
      const body = await call<ScanAnswer>('/api/admin/check-in', {
        method: 'POST',
        body: { code: input, list, device, nonce: nonce() },
      });
      const ticket = body.ticket;
      return answered(
        t('checkIn.result.admitted'),
        'good',
        ticket ? [ticket.name, productName(ticket.product)].filter(Boolean).join(' · ') : undefined,
      );
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      if (error.status === 0 || error.status >= 500) {
        // The network or the server failed: this door goes offline by itself and decides here.
        setOffline(true);
        return decideHere(input);
      }
      const details = error.details as Partial<ScanAnswer>;
      switch (error.code) {
        case 'already_checked_in':
        case 'check_in_conflict': {
          const previous = details.previous;
          const time = previous?.at ? formatTimeOfDay(lang, previous.at) : '';
          return answered(
            previous?.device
              ? t('checkIn.result.alreadyAt', { time, device: previous.device })
              : t('checkIn.result.already', { time }),
          );
        }
        case 'ticket_reissued':
          return answered(t('checkIn.result.reissued'));
        case 'ticket_not_valid':
          return answered(
            details.reason === 'not_paid' && details.status
              ? t('checkIn.result.notValid', { status: t(`status.${details.status}`) })
              : t(`checkIn.reasons.${details.reason ?? 'product'}`),
          );
        case 'unknown_ticket':
          return answered(t('checkIn.result.unknown'));
        default:
          return answered(t('checkIn.result.server'), 'warn');
      }
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
      // The next ticket starts from an empty field; anything else leaves the code to correct or retry.
      if (result.verdict === 'good') setCode('');
      if (!result.offline) onAnswer();
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

  return (
    <div className={`door-app${offline ? ' door-app--offline' : ''}`}>
      <div className="door-app__mode" role="status">
        <p className="door-app__state">
          <strong>{offline ? t('doorApp.mode.offline') : t('doorApp.mode.online')}</strong>
          {' · '}
          {t('doorApp.waiting', { count: waiting })}
        </p>
        {offline ? (
          <button type="button" className="button button--accent" onClick={goOnline}>
            {t('doorApp.mode.goOnline')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--outline"
            onClick={() => setOffline(true)}
            disabled={!offlineList}
          >
            {t('doorApp.mode.goOffline')}
          </button>
        )}
      </div>
      <p className="door-app__hint">
        {offlineList && offlineList.list === list
          ? t('doorApp.listKept', {
              time: formatTimeOfDay(lang, offlineList.takenAt),
              count: offlineList.tickets.length,
            })
          : t('doorApp.noList')}
      </p>

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
          className="button button--large button--outline door-app__big"
          onClick={camera === 'on' ? stopCamera : startCamera}
          disabled={camera === 'starting'}
        >
          {camera === 'on'
            ? t('checkIn.scan.stop')
            : camera === 'starting'
              ? t('checkIn.scan.starting')
              : t('checkIn.scan.start')}
        </button>
        <video
          ref={video}
          className="door-app__video"
          hidden={camera !== 'on'}
          muted
          playsInline
          aria-label={t('checkIn.scan.preview')}
        />
        {camera === 'failed' && <p className="door-app__hint">{t('checkIn.scan.failed')}</p>}
      </div>

      <form className="door-app__form" onSubmit={submit}>
        <label htmlFor={codeId}>{t('checkIn.code.label')}</label>
        <input
          id={codeId}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button
          type="submit"
          className="button button--large button--accent door-app__big"
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? t('checkIn.code.checking') : t('checkIn.code.submit')}
        </button>
      </form>

      {sync && (
        <section className="door-app__sync" aria-labelledby={syncId}>
          <h2 id={syncId}>{t('doorApp.sync.title')}</h2>
          {'failed' in sync ? (
            <p role="alert">{t('doorApp.sync.failed')}</p>
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
        <button type="button" className="button button--outline" onClick={() => void sendQueue()}>
          {t('doorApp.sync.now')}
        </button>
      )}
    </div>
  );
}
