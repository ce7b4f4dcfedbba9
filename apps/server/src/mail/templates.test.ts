import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@pipewise/domain';
import { contactMail, inviteMail, resetMail, welcomeMail } from './templates.ts';

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

  it.each(LANGUAGES)(
    'has an invitation naming the client, with the link and its 7-day validity, in %s',
    (language) => {
      const link = 'http://x.test/user/reset?id=abc';
      const invite = inviteMail(language, 'a@b.c', 'Ann', 'Riverside <Water>', link);
      expect(invite.text).toContain('Riverside <Water>');
      expect(invite.html).toContain('Riverside &lt;Water&gt;');
      expect(invite.html).toContain(`<a href="${link}">`);
      expect(invite.text).toMatch(/7/);
      if (language !== 'en') expect(invite.subject).not.toBe(inviteMail('en', 'a', 'b', 'c', 'd').subject);
    },
  );

  it('escapes the contact message in HTML', () => {
    const mail = contactMail('c@x.test', { name: 'P', email: 'p@x.test' }, 'Hi', '<script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('From: P <p@x.test>');
  });
});
