import type { BotCheck } from './turnstile';

/** A form's bot check as the form sees it: Turnstile's module is imported on `start`, not before. */
export type LazyBotCheck = {
  /** On the form's first focus or input: loads and renders the widget (nothing while Turnstile is off). */
  start(): void;
  /** A token for one send, or null while Turnstile is off; rejects with a BotCheckRefusal. */
  token(): Promise<string | null>;
  /** After a send or a refusal: a new challenge. */
  reset(): void;
};

/**
 * The forms' handle on Turnstile (client/lib/turnstile.ts), which stays out of the page's bundle:
 * it is imported when the visitor first focuses or types in the form, so the widget's script never
 * costs the page its load. `container` is where the widget goes.
 */
export function lazyBotCheck(container: () => HTMLElement | null, lang: string): LazyBotCheck {
  let check: Promise<BotCheck> | null = null;
  const load = () => {
    check ??= import('./turnstile').then((module) => new module.BotCheck(container, lang));
    return check;
  };
  return {
    start() {
      load()
        .then((bot) => bot.start())
        // A failure is said when the form is sent (`token`), which tries again.
        .catch(() => {});
    },
    async token() {
      let bot: BotCheck;
      try {
        bot = await load();
      } catch {
        // The module itself did not load (offline): as a widget that did not load.
        check = null;
        throw Object.assign(new Error('bot check: unavailable'), { code: 'unavailable' as const });
      }
      return bot.token();
    },
    reset() {
      check?.then((bot) => bot.reset()).catch(() => {});
    },
  };
}

/** The code of a bot check's refusal (`required`, `bot_check_failed`, `unavailable`). */
export const botCheckCode = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : 'unavailable';
