// The mail of an export file: the link always; the file attached, or a plain word that it is too large to attach.
import { describe, expect, it } from 'vitest';
import { exportFileMail, MAX_ATTACHMENT_BYTES } from './export-file-mail.ts';

const base = {
  to: 'ann@utility.test',
  name: 'Ann',
  what: 'Springfield mains (lof, gpkg)',
  link: 'https://pipewise.test/data/export?file=5',
};

describe('exportFileMail', () => {
  it('carries the link and the file when it is small enough', () => {
    const attachment = { filename: 'a.gpkg', contentType: 'application/geopackage+sqlite3', content: 'x' };
    const mail = exportFileMail({ ...base, language: 'en', sizeBytes: 1000, attachment });
    expect(mail.text).toContain(base.link);
    expect(mail.html).toContain(`<a href="${base.link}">`);
    expect(mail.attachments).toEqual([attachment]);
    expect(mail.text).not.toContain('too large');
  });

  it("says in the reader's language that a large file is to be downloaded from the link", () => {
    const sizeBytes = MAX_ATTACHMENT_BYTES * 3;
    const en = exportFileMail({ ...base, language: 'en', sizeBytes, attachment: null });
    expect(en.attachments).toBeUndefined();
    expect(en.text).toContain('The file (30.0 MB) is too large to attach to an e-mail');
    const ja = exportFileMail({ ...base, language: 'ja', sizeBytes, attachment: null });
    expect(ja.subject).toBe('Pipewise エクスポート: Springfield mains (lof, gpkg)');
    expect(ja.text).toContain('大きすぎます');
  });
});
