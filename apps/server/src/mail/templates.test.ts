import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@pipewise/domain';
import { contactMail, resetMail, welcomeMail } from './templates.ts';

describe('mail templates', () => {
  it.each(LANGUAGES)('has a reset and a welcome mail in %s', (language) => {
    const link = 'http://x.test/user/reset?id=abc';
    const reset = resetMail(language, 'a@b.c', 'Ann <b>', link);
    expect(reset.text).toContain(link);
    expect(reset.html).toContain(`<a href="${link}">`);
    expect(reset.html).toContain('Ann &lt;b&gt;');
    expect(reset.text).toMatch(/1/); // the 1-hour validity is stated
    const welcome = welcomeMail(language, 'a@b.c', 'Ann', 'Demo', 'http://x.test/user/login');
    expect(welcome.text).toContain('Demo');
    if (language !== 'en') {
      expect(reset.subject).not.toBe(resetMail('en', 'a', 'b', link).subject);
      expect(welcome.subject).not.toBe(welcomeMail('en', 'a', 'b', 'c', 'd').subject);
    }
  });

  it('escapes the contact message in HTML', () => {
    const mail = contactMail('c@x.test', { name: 'P', email: 'p@x.test' }, 'Hi', '<script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('From: P <p@x.test>');
  });
});
