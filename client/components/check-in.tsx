import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeOfDay } from '../../site/format';
import { type CheckInResult, checkInTicket } from '../lib/delivery-api';
import { useLanguage } from '../lib/use-language';
import { useProductName } from './ticket-card';
import '../styles/delivery.css';

/** Where the organiser's token is kept: this tab only, gone when it closes. */
export const CHECK_IN_TOKEN_KEY = 'checkInToken';

// The Shape Detection API is not in TypeScript's DOM library yet.
type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};
const detectorClass = () => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Time between two looks at the camera picture: quick enough at a door, light on a phone's battery. */
const SCAN_INTERVAL_MS = 250;

function readToken(): string {
  try {
    return sessionStorage.getItem(CHECK_IN_TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

function writeToken(token: string | null) {
  try {
    if (token) sessionStorage.setItem(CHECK_IN_TOKEN_KEY, token);
    else sessionStorage.removeItem(CHECK_IN_TOKEN_KEY);
  } catch {
    // Storage can be disabled: the token then lasts as long as the page.
  }
}

type Status = { kind: 'idle' } | { kind: 'checking' } | Exclude<CheckInResult, { kind: 'unauthorised' }>;

/**
 * The organisers' check-in screen for a phone at the door: a typed ticket code everywhere, camera
 * scanning where the browser has `BarcodeDetector`. The answer fills the screen in green (admit)
 * or red (already checked in, unknown); a rejected token is asked for again, and a failed request
 * keeps the code for another try.
 */
export function CheckIn({
  list = 'entrance',
  onAnswer,
  door,
}: {
  list?: string;
  onAnswer?: () => void;
  door?: { organiser?: string; device?: string };
} = {}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const productName = useProductName();
  const [token, setToken] = useState('');
  const [tokenDraft, setTokenDraft] = useState('');
  const [tokenRejected, setTokenRejected] = useState(false);
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Unknown until the browser says whether it reads QR codes, so neither choice flashes first.
  const [canScan, setCanScan] = useState<boolean | null>(null);
  const [scanning, setScanning] = useState(false);
  const [cameraFailed, setCameraFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const checking = status.kind === 'checking';

  // Storage and the detector exist only in the browser: read them after hydration.
  useEffect(() => {
    setToken(readToken());
    const Detector = detectorClass();
    if (!Detector) {
      setCanScan(false);
      return;
    }
    Detector.getSupportedFormats()
      .then((formats) => setCanScan(formats.includes('qr_code')))
      .catch(() => setCanScan(false));
  }, []);

  const check = useCallback(
    async (ticket: string) => {
      const value = ticket.trim();
      if (!value || !token) return;
      setStatus({ kind: 'checking' });
      const result = await checkInTicket(token, value, list, door);
      if (result.kind === 'unauthorised') {
        writeToken(null);
        setToken('');
        setTokenRejected(true);
        setStatus({ kind: 'idle' });
        return;
      }
      setStatus(result);
      onAnswer?.();
      // The next ticket starts from an empty field; anything else leaves the code to correct or retry.
      if (result.kind === 'admitted') setCode('');
    },
    [token, list, onAnswer, door],
  );

  const stopCamera = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setScanning(false);
  }, []);

  useEffect(() => stopCamera, [stopCamera]);

  useEffect(() => {
    const Detector = detectorClass();
    if (!scanning || !Detector) return;
    const detector = new Detector({ formats: ['qr_code'] });
    let busy = false;
    const timer = setInterval(async () => {
      const element = video.current;
      if (busy || !element || element.readyState < 2) return;
      busy = true;
      try {
        const [found] = await detector.detect(element);
        if (found?.rawValue) {
          stopCamera();
          setCode(found.rawValue);
          await check(found.rawValue);
        }
      } catch {
        // A frame that cannot be read is skipped; the next one is tried.
      } finally {
        busy = false;
      }
    }, SCAN_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [scanning, check, stopCamera]);

  const startCamera = async () => {
    setCameraFailed(false);
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play();
      }
      setScanning(true);
    } catch {
      stopCamera();
      setCameraFailed(true);
      codeInput.current?.focus();
    }
  };

  const saveToken = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = tokenDraft.trim();
    if (!value) return;
    writeToken(value);
    setToken(value);
    setTokenDraft('');
    setTokenRejected(false);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checking) void check(code);
  };

  if (!token) {
    return (
      <section className="check-in" aria-labelledby="check-in-title">
        <h1 id="check-in-title">{t('checkIn.title')}</h1>
        {tokenRejected && (
          <p className="delivery-result delivery-result--bad" role="alert">
            {t('checkIn.token.rejected')}
          </p>
        )}
        <form className="delivery-form" onSubmit={saveToken}>
          <div className="delivery-form__field">
            <label htmlFor="check-in-token">{t('checkIn.token.label')}</label>
            <input
              id="check-in-token"
              type="password"
              autoComplete="current-password"
              required
              value={tokenDraft}
              onChange={(e) => setTokenDraft(e.target.value)}
              aria-describedby="check-in-token-hint"
            />
            <p id="check-in-token-hint" className="delivery-form__hint">
              {t('checkIn.token.hint')}
            </p>
          </div>
          <button type="submit" className="button button--accent delivery-form__submit">
            {t('checkIn.token.save')}
          </button>
        </form>
        {code && <p className="delivery-form__hint">{`${t('checkIn.code.label')}: ${code}`}</p>}
      </section>
    );
  }

  return (
    <section className="check-in" aria-labelledby="check-in-title">
      <h1 id="check-in-title">{t('checkIn.title')}</h1>

      <div className="check-in__answer" aria-live="assertive" aria-atomic="true">
        {status.kind === 'admitted' && (
          <div className="check-in__result check-in__result--good">
            <p className="check-in__verdict">{t('checkIn.result.admitted')}</p>
            <dl>
              <dt>{t('checkIn.result.product')}</dt>
              <dd>{productName(status.product)}</dd>
              {status.name && (
                <>
                  <dt>{t('checkIn.result.name')}</dt>
                  <dd>{status.name}</dd>
                </>
              )}
              <dt>{t('checkIn.result.email')}</dt>
              <dd>{status.email}</dd>
            </dl>
          </div>
        )}
        {status.kind === 'already' && (
          <div className="check-in__result check-in__result--bad">
            <p className="check-in__verdict">
              {status.device
                ? t('checkIn.result.alreadyAt', { time: formatTimeOfDay(lang, status.at), device: status.device })
                : t('checkIn.result.already', { time: formatTimeOfDay(lang, status.at) })}
            </p>
          </div>
        )}
        {status.kind === 'notValid' && (
          <div className="check-in__result check-in__result--bad">
            <p className="check-in__verdict">
              {status.reason === 'not_paid' && status.status
                ? t('checkIn.result.notValid', { status: t(`status.${status.status}`) })
                : t(`checkIn.reasons.${status.reason === 'not_paid' ? 'product' : status.reason}`)}
            </p>
          </div>
        )}
        {(status.kind === 'unknown' || status.kind === 'reissued') && (
          <div className="check-in__result check-in__result--bad">
            <p className="check-in__verdict">{t(`checkIn.result.${status.kind}`)}</p>
          </div>
        )}
        {(status.kind === 'network' || status.kind === 'server') && (
          <p className="delivery-result delivery-result--bad">{t(`checkIn.result.${status.kind}`)}</p>
        )}
      </div>

      {canScan === true && (
        <div className="check-in__camera">
          <button
            type="button"
            className="button button--large button--outline"
            onClick={scanning ? stopCamera : startCamera}
          >
            {scanning ? t('checkIn.scan.stop') : t('checkIn.scan.start')}
          </button>
          <video
            ref={video}
            className="check-in__video"
            hidden={!scanning}
            muted
            playsInline
            aria-label={t('checkIn.scan.preview')}
          />
          {cameraFailed && <p className="delivery-form__hint">{t('checkIn.scan.failed')}</p>}
        </div>
      )}
      {canScan === false && <p className="delivery-form__hint">{t('checkIn.scan.unavailable')}</p>}

      <form className="delivery-form" onSubmit={submit}>
        <div className="delivery-form__field">
          <label htmlFor="check-in-code">{t('checkIn.code.label')}</label>
          <input
            ref={codeInput}
            id="check-in-code"
            className="check-in__code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <button
          type="submit"
          className="button button--large button--accent delivery-form__submit"
          disabled={checking}
          aria-busy={checking}
        >
          {checking ? t('checkIn.code.checking') : t('checkIn.code.submit')}
        </button>
      </form>

      <button
        type="button"
        className="button button--ghost check-in__token"
        onClick={() => {
          writeToken(null);
          setToken('');
        }}
      >
        {t('checkIn.token.change')}
      </button>
    </section>
  );
}
