// The mail carrying an export, in the recipient's language (spec 000 §1 languages). Plain and short: the file
// is the content.
import { isLanguage, type ExportType, type Language } from '@pipewise/domain';
import type { Mail, MailAttachment } from '../../mail/mailer.ts';

const TEXTS: Record<
  Language,
  { subject: (what: string) => string; body: (name: string, rows: number) => string }
> = {
  en: {
    subject: (what) => `Pipewise export: ${what}`,
    body: (name, rows) => `Hello ${name},\n\nattached is the export you asked for (${rows} rows).`,
  },
  ja: {
    subject: (what) => `Pipewise エクスポート: ${what}`,
    body: (name, rows) => `${name} 様\n\nご依頼のエクスポートを添付します（${rows} 行）。`,
  },
  de: {
    subject: (what) => `Pipewise-Export: ${what}`,
    body: (name, rows) => `Hallo ${name},\n\nanbei der angeforderte Export (${rows} Zeilen).`,
  },
  it: {
    subject: (what) => `Esportazione Pipewise: ${what}`,
    body: (name, rows) => `Gentile ${name},\n\nin allegato l'esportazione richiesta (${rows} righe).`,
  },
  fr: {
    subject: (what) => `Export Pipewise : ${what}`,
    body: (name, rows) => `Bonjour ${name},\n\nvoici l'export demandé en pièce jointe (${rows} lignes).`,
  },
  es: {
    subject: (what) => `Exportación de Pipewise: ${what}`,
    body: (name, rows) => `Hola ${name}:\n\nadjuntamos la exportación solicitada (${rows} filas).`,
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function exportMail(opts: {
  to: string;
  name: string;
  language: string;
  type: ExportType;
  datasetName: string;
  rows: number;
  attachment: MailAttachment;
}): Mail {
  const t = TEXTS[isLanguage(opts.language) ? opts.language : 'en'];
  const what = `${opts.datasetName} (${opts.type === 'vis' ? 'VIS' : 'LOF'})`;
  const text = t.body(opts.name, opts.rows);
  return {
    to: opts.to,
    subject: t.subject(what),
    text,
    html: text
      .split('\n\n')
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join(''),
    attachments: [opts.attachment],
  };
}
