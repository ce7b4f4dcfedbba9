import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { max, withRules } from '@pipewise/domain';
import { i18n } from '../../../lib/i18n.ts';
import { setupI18n } from '../../../test/render-page.tsx';
import { fieldErrorText } from './field-error.ts';
import { issueParams } from './form-resolver.ts';

describe('fieldErrorText', () => {
  it('renders a rule with the params of the zod issue', async () => {
    await setupI18n();
    const issue = withRules(z.string(), max(3)).safeParse('abcd').error!.issues[0]!;
    expect(fieldErrorText(i18n.t, { message: issue.message, params: issueParams(issue) })).toBe(
      'Enter no more than 3 characters.',
    );
  });

  it('fills in the fixed bounds of a server-side password error', async () => {
    await setupI18n();
    expect(fieldErrorText(i18n.t, { message: 'validations.password' })).toBe(
      'Use at least 8 characters, including a letter and a digit.',
    );
  });

  it('uses a generic text for a rule without a message, and passes plain sentences through', async () => {
    await setupI18n();
    expect(fieldErrorText(i18n.t, { message: 'validations.country' })).toBe('This value is not valid.');
    expect(fieldErrorText(i18n.t, { message: 'Already taken.' })).toBe('Already taken.');
    expect(fieldErrorText(i18n.t, undefined)).toBeUndefined();
  });

  it('follows the language', async () => {
    await setupI18n();
    await i18n.changeLanguage('ja');
    await i18n.loadNamespaces(['validations']);
    expect(fieldErrorText(i18n.t, { message: 'validations.required' })).toBe('この項目は必須です。');
    await i18n.changeLanguage('en');
  });
});
