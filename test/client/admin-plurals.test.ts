import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de/admin.json';
import enGB from '../../locales/en-GB/admin.json';
import es from '../../locales/es/admin.json';
import pl from '../../locales/pl/admin.json';

// The console's counts go through i18next's plurals (Intl.PluralRules) in every language: the
// dashboard said "najwięcej 2 biletów jednego dnia" whatever the number.

async function translator(lng: string, admin: object) {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { [lng]: { admin } }, defaultNS: 'admin', interpolation: { escapeValue: false } });
  // Keys as data here (the typed keys are the console's own concern).
  const t = i18n.t as unknown as (key: string, options: Record<string, unknown>) => string;
  return (key: string, count: number) => t(key, { count, n: String(count), admitted: String(count), inside: '0' });
}

describe('the console counts in words that agree with the number', () => {
  it('in Polish: one, few and many', async () => {
    const t = await translator('pl', pl);
    expect(t('dashboard.salesMax', 1)).toBe('najwięcej 1 bilet jednego dnia');
    expect(t('dashboard.salesMax', 4)).toBe('najwięcej 4 bilety jednego dnia');
    expect(t('dashboard.salesMax', 5)).toBe('najwięcej 5 biletów jednego dnia');
    expect(t('dashboard.salesDays', 1)).toBe('1 dzień sprzedaży');
    expect(t('dashboard.checkIns', 22)).toBe('22 wejścia');
    expect(t('dashboard.checkIns', 25)).toBe('25 wejść');
    expect(t('door.insideOf', 2).startsWith('Wpuszczono 2 osoby')).toBe(true);
  });

  it('in English, German and Spanish: one and other', async () => {
    expect((await translator('en-GB', enGB))('dashboard.salesMax', 1)).toBe('at most 1 ticket in one day');
    expect((await translator('en-GB', enGB))('dashboard.checkIns', 3)).toBe('3 check-ins');
    expect((await translator('de', de))('dashboard.salesDays', 1)).toBe('1 Verkaufstag');
    expect((await translator('es', es))('dashboard.salesMax', 2)).toBe('como máximo 2 entradas en un día');
  });
});
