// Cloudflare Turnstile's widget, loaded only when a form is first used (client/lib/bot-check.ts
// imports this module then): the pages pay nothing for it at load. The site key is configuration
// the worker gives (`GET /api/turnstile`); while it is null, Turnstile is off and no script loads.
import { TURNSTILE_SCRIPT_URL } from '../../site/turnstile';

/** The part of Turnstile's API (explicit rendering) the forms use. */
type TurnstileApi = {
  render(container: HTMLElement, options: Record<string, unknown>): string | undefined;
  reset(id: string): void;
  remove(id: string): void;
};

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** Why a form cannot send yet: the code its message is chosen by (the worker's codes and `unavailable`). */
export class BotCheckRefusal extends Error {
  constructor(readonly code: 'required' | 'bot_check_failed' | 'unavailable') {
    super(`bot check: ${code}`);
  }
}

let config: Promise<string | null> | null = null;
/** The site key, once per page (asked again after a failure); null while Turnstile is off. */
function siteKey(): Promise<string | null> {
  config ??= fetch('/api/turnstile', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
    .then((body: { siteKey?: unknown }) => (typeof body.siteKey === 'string' && body.siteKey ? body.siteKey : null))
    .catch((error: unknown) => {
      config = null;
      throw error;
    });
  return config;
}

let script: Promise<TurnstileApi> | null = null;
/** Cloudflare's script, once per page; a failed load (offline, blocked) is tried again on the next use. */
function loadScript(): Promise<TurnstileApi> {
  script ??= new Promise<TurnstileApi>((resolve, reject) => {
    if (window.turnstile) {
      resolve(window.turnstile);
      return;
    }
    const element = document.createElement('script');
    element.src = TURNSTILE_SCRIPT_URL;
    element.async = true;
    element.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile script without its API'));
    element.onerror = () => {
      element.remove();
      reject(new Error('Turnstile script did not load'));
    };
    document.head.append(element);
  }).catch((error: unknown) => {
    script = null;
    throw error;
  });
  return script;
}

/** How long a send waits for the widget's token (it usually comes in a second or two) before asking the visitor. */
const TOKEN_WAIT_MS = 10_000;

/**
 * One form's widget. `start` renders it (idempotent); `token` gives a fresh token for one send
 * (null while Turnstile is off), waiting a little for the widget; each token is used once, so the
 * widget is reset after every send and a new one is made.
 */
export class BotCheck {
  #id: string | undefined;
  #api: TurnstileApi | undefined;
  #token: string | null = null;
  #failed = false;
  #off = false;
  #started: Promise<void> | null = null;
  #waiters: (() => void)[] = [];

  constructor(
    private readonly container: () => HTMLElement | null,
    private readonly lang: string,
  ) {}

  /** Renders the widget into the container (once; again after a failure). */
  start(): Promise<void> {
    this.#started ??= this.#mount().catch((error: unknown) => {
      this.#started = null;
      throw error;
    });
    return this.#started;
  }

  async #mount(): Promise<void> {
    const key = await siteKey();
    if (!key) {
      this.#off = true;
      return;
    }
    const api = await loadScript();
    const container = this.container();
    if (!container) throw new Error('no container for the Turnstile widget');
    this.#api = api;
    this.#id = api.render(container, {
      sitekey: key,
      // The page's language (Turnstile knows `en`, not `en-GB`).
      language: this.lang.startsWith('en') ? 'en' : this.lang,
      callback: (token: string) => {
        this.#token = token;
        this.#failed = false;
        this.#wake();
      },
      'expired-callback': () => {
        this.#token = null;
      },
      'error-callback': () => {
        this.#token = null;
        this.#failed = true;
        this.#wake();
        // Handled: the form says it, Turnstile need not throw.
        return true;
      },
    });
  }

  #wake() {
    for (const wake of this.#waiters.splice(0)) wake();
  }

  /** A token for one send, or null while Turnstile is off; a BotCheckRefusal says why there is none. */
  async token(): Promise<string | null> {
    try {
      await this.start();
    } catch {
      throw new BotCheckRefusal('unavailable');
    }
    if (this.#off) return null;
    if (!this.#token && !this.#failed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, TOKEN_WAIT_MS);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const token = this.#token;
    if (token) {
      this.#token = null;
      return token;
    }
    throw new BotCheckRefusal(this.#failed ? 'bot_check_failed' : 'required');
  }

  /** A new challenge: after a send (its token is spent) or a refusal. */
  reset(): void {
    this.#token = null;
    this.#failed = false;
    if (this.#api && this.#id !== undefined) this.#api.reset(this.#id);
  }
}
