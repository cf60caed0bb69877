// What the islands use of i18next and react-i18next, and nothing more: the built client's entry takes
// this module for both packages (vite.config.ts `islandI18n`), and the prerender, `vite dev`, the
// organiser console and the tests keep the real ones. i18next and react-i18next were 18 KB of the
// 89 KB gzip every island page loads; this is under 1 KB. An island's texts are looked up by key,
// with `ns:` prefixes, `{{placeholders}}` filled from the options and the instance's facts, plurals
// by `count` and `defaultValue`, exactly as i18next does with this site's options
// (client/lib/i18n.ts `createI18n`): test/client/i18n-lite.test.ts compares every text of every
// island catalogue in every language with i18next's. Anything else (nesting, formats, context,
// `Trans`) is missing on purpose: an island that needs it fails that test or the build.
import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react';

type Tree = { [key: string]: unknown };
type Values = Record<string, unknown>;
type Options = Values & { defaultValue?: unknown; count?: unknown; ordinal?: boolean; ns?: string | readonly string[] };
type InitOptions = { lng: string; defaultNS?: string; interpolation?: { defaultVariables?: Values } };

const lookup = (tree: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);

class Instance {
  language = '';
  options: { defaultNS: string; interpolation: { defaultVariables?: Values } } = {
    defaultNS: 'translation',
    interpolation: {},
  };
  private readonly store: Record<string, Record<string, Tree>> = {};

  use() {
    return this;
  }

  init({ lng, defaultNS = 'translation', interpolation = {} }: InitOptions) {
    this.language = lng;
    this.options = { defaultNS, interpolation };
    return this;
  }

  // An island never changes its language; `createI18n` listens for it all the same.
  on() {}

  hasResourceBundle(lng: string, ns: string) {
    return Boolean(this.store[lng]?.[ns]);
  }

  addResourceBundle(lng: string, ns: string, bundle: Tree) {
    this.store[lng] ??= {};
    this.store[lng][ns] = { ...this.store[lng][ns], ...bundle };
  }

  t = (key: string, options?: Options) => this.translate(key, options);

  /** i18next's `t` for a string key: the namespaces in order, the plural forms before the key itself. */
  translate(fullKey: string, options: Options = {}, namespaces: readonly string[] = [this.options.defaultNS]) {
    const parts = String(fullKey).split(':');
    const spaces = parts.length > 1 ? [parts.shift() as string] : options.ns ? [options.ns].flat() : namespaces;
    const key = parts.join('.');
    const { count } = options;
    const keys = [key];
    if (count !== undefined && typeof count !== 'string') {
      const rule = new Intl.PluralRules(this.language, { type: options.ordinal ? 'ordinal' : 'cardinal' });
      keys.unshift(`${key}_${options.ordinal ? 'ordinal_' : ''}${rule.select(Number(count))}`);
      if (count === 0 && !options.ordinal) keys.unshift(`${key}_zero`);
    }
    let found: unknown;
    for (const ns of spaces)
      for (const candidate of keys) {
        if (found === undefined) found = lookup(this.store[this.language]?.[ns], candidate);
      }
    if (found === undefined && 'defaultValue' in options) found = options.defaultValue;
    if (found && typeof found === 'object')
      return `key '${key} (${this.language})' returned an object instead of string.`;
    return this.interpolate(found === undefined ? key : String(found), options);
  }

  private interpolate(text: string, options: Options) {
    const facts = this.options.interpolation.defaultVariables;
    const data = { ...facts, ...options };
    return text.replace(/\{\{(.+?)\}\}/g, (match, inner: string) => {
      const name = inner.trim().replace(/^-\s*/, '');
      // A value given as undefined falls back to the fact of that name, as in i18next.
      let value = lookup(data, name);
      if (value === undefined) value = lookup(facts, name);
      if (value === undefined) return Object.hasOwn(options, name) ? '' : match;
      return value === null ? '' : String(value);
    });
  }
}

export type LiteI18n = Instance;

export default { createInstance: () => new Instance() };

const I18nContext = createContext<Instance | undefined>(undefined);

export function I18nextProvider({ i18n, children }: { i18n: Instance; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

export const initReactI18next = { type: '3rdParty', init() {} };

/** react-i18next's hook: a `t` for these namespaces (the first is the default), the same function on every render. */
export function useTranslation(ns?: string | readonly string[]) {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside an I18nextProvider');
  const spaces = ns ? [ns].flat() : [i18n.options.defaultNS];
  const joined = spaces.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `joined` stands for `spaces`, a new array each render.
  const t = useMemo(() => (key: string, options?: Options) => i18n.translate(key, options, spaces), [i18n, joined]);
  return { t, i18n, ready: true };
}
