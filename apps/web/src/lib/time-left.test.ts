import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { queueText, timeLeftText, withTimeLeft } from './time-left.ts';

describe('the time left of an analysis', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('reads in whole minutes, then half hours, in English', () => {
    const t = i18n.t;
    expect(timeLeftText(t, 25, 'en')).toBe('less than a minute left');
    expect(timeLeftText(t, 170, 'en')).toBe('about 3 min left');
    expect(timeLeftText(t, 95 * 60, 'en')).toBe('about 1.5 hr left');
    expect(withTimeLeft(t, 'Likelihood of failure · 43 %', 170, 'en')).toBe(
      'Likelihood of failure · 43 % · about 3 min left',
    );
  });

  it('says nothing while the server gives no time', () => {
    expect(timeLeftText(i18n.t, null, 'en')).toBeNull();
    expect(withTimeLeft(i18n.t, 'Likelihood of failure · 43 %', undefined, 'en')).toBe(
      'Likelihood of failure · 43 %',
    );
  });

  it('gives a queued run its place and when it starts, in the language (issue 18)', async () => {
    expect(queueText(i18n.t, 2, 25, 'en')).toBe('Queued: position 2 · starts in less than a minute');
    expect(queueText(i18n.t, 5, 95 * 60, 'en')).toBe('Queued: position 5 · starts in about 1.5 hr');
    expect(queueText(i18n.t, 1, null, 'en')).toBe('Queued: position 1');
    expect(queueText(i18n.t, null, 60, 'en')).toBeNull();
    await i18n.changeLanguage('ja');
    await i18n.loadNamespaces(['common']);
    expect(queueText(i18n.t, 3, 170, 'ja')).toBe('待機中：３番目・開始まで約３ 分');
  });

  it('follows the language, its unit words and its number format', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['common']);
    expect(withTimeLeft(i18n.t, 'Ausfallwahrscheinlichkeit · 43 %', 170, 'de')).toBe(
      'Ausfallwahrscheinlichkeit · 43 % · noch etwa 3 Min.',
    );
    expect(timeLeftText(i18n.t, 95 * 60, 'de')).toBe('noch etwa 1,5 Std.');
    await i18n.changeLanguage('ja');
    await i18n.loadNamespaces(['common']);
    // Full-width digits (spec §9) and the Japanese separator.
    expect(withTimeLeft(i18n.t, '破損確率・４３ %', 170, 'ja')).toBe('破損確率・４３ %・残り約３ 分');
  });
});
