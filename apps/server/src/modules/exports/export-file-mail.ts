// The mail of 'send by e-mail' on an export file (spec 001 §2; issue 17): a link to the file in the app (a link
// to the API could not carry the login), and the file attached when it is small enough for mail servers —
// otherwise the mail says plainly that it is too large to attach and the link is the way to it.
import { isLanguage, type Language } from '@pipewise/domain';
import type { Mail, MailAttachment } from '../../mail/mailer.ts';

/** Many mail servers refuse messages over 10–25 MB, and base64 adds a third: 10 MB of file is what travels. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

interface Texts {
  subject: (what: string) => string;
  hello: (name: string) => string;
  link: string;
  attached: string;
  tooLarge: (mib: string) => string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: (what) => `Pipewise export: ${what}`,
    hello: (name) => `Hello ${name},`,
    link: 'your export is ready. Download it here (you may be asked to log in):',
    attached: 'The file is also attached.',
    tooLarge: (mib) =>
      `The file (${mib} MB) is too large to attach to an e-mail; please download it from the link.`,
  },
  ja: {
    subject: (what) => `Pipewise エクスポート: ${what}`,
    hello: (name) => `${name} 様`,
    link: 'エクスポートの準備ができました。こちらからダウンロードしてください（ログインが必要な場合があります）:',
    attached: 'ファイルも添付しています。',
    tooLarge: (mib) =>
      `ファイル（${mib} MB）はメールに添付するには大きすぎます。リンクからダウンロードしてください。`,
  },
  de: {
    subject: (what) => `Pipewise-Export: ${what}`,
    hello: (name) => `Hallo ${name},`,
    link: 'Ihr Export ist fertig. Hier können Sie ihn herunterladen (ggf. nach der Anmeldung):',
    attached: 'Die Datei ist außerdem angehängt.',
    tooLarge: (mib) =>
      `Die Datei (${mib} MB) ist zu groß für einen E-Mail-Anhang; bitte laden Sie sie über den Link herunter.`,
  },
  it: {
    subject: (what) => `Esportazione Pipewise: ${what}`,
    hello: (name) => `Gentile ${name},`,
    link: "l'esportazione è pronta. Può scaricarla qui (potrebbe essere richiesto l'accesso):",
    attached: 'Il file è anche allegato.',
    tooLarge: (mib) =>
      `Il file (${mib} MB) è troppo grande per essere allegato a un'e-mail; lo scarichi dal link.`,
  },
  fr: {
    subject: (what) => `Export Pipewise : ${what}`,
    hello: (name) => `Bonjour ${name},`,
    link: 'votre export est prêt. Téléchargez-le ici (une connexion peut vous être demandée) :',
    attached: 'Le fichier est également joint.',
    tooLarge: (mib) =>
      `Le fichier (${mib} Mo) est trop volumineux pour être joint à un e-mail ; téléchargez-le depuis le lien.`,
  },
  es: {
    subject: (what) => `Exportación de Pipewise: ${what}`,
    hello: (name) => `Hola ${name}:`,
    link: 'su exportación está lista. Descárguela aquí (es posible que deba iniciar sesión):',
    attached: 'El archivo también va adjunto.',
    tooLarge: (mib) =>
      `El archivo (${mib} MB) es demasiado grande para adjuntarlo a un correo; descárguelo desde el enlace.`,
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function exportFileMail(opts: {
  to: string;
  name: string;
  language: string;
  what: string;
  link: string;
  sizeBytes: number;
  /** Absent when the file is over MAX_ATTACHMENT_BYTES. */
  attachment: MailAttachment | null;
}): Mail {
  const t = TEXTS[isLanguage(opts.language) ? opts.language : 'en'];
  const mib = (opts.sizeBytes / 2 ** 20).toFixed(1);
  const last = opts.attachment ? t.attached : t.tooLarge(mib);
  const text = [t.hello(opts.name), `${t.link}\n${opts.link}`, last].join('\n\n');
  const html = [
    `<p>${escapeHtml(t.hello(opts.name))}</p>`,
    `<p>${escapeHtml(t.link)}<br><a href="${escapeHtml(opts.link)}">${escapeHtml(opts.link)}</a></p>`,
    `<p>${escapeHtml(last)}</p>`,
  ].join('');
  return {
    to: opts.to,
    subject: t.subject(opts.what),
    text,
    html,
    ...(opts.attachment ? { attachments: [opts.attachment] } : {}),
  };
}
