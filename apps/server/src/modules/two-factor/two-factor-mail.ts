// The mail with a sign-in code, in the user's language (issue 17). Plain: the code is the message.
import type { Language } from '@pipewise/domain';
import type { Mail } from '../../mail/mailer.ts';

interface Texts {
  subject: (code: string) => string;
  body: (name: string, code: string, minutes: number) => string[];
  signature: string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: (code) => `${code} is your Pipewise sign-in code`,
    body: (name, code, minutes) => [
      `Hello ${name},`,
      `Your sign-in code is ${code}. It is valid for ${minutes} minutes.`,
      'If you did not try to sign in, someone knows your password: please change it.',
    ],
    signature: 'The Pipewise team',
  },
  ja: {
    subject: (code) => `Pipewise のサインインコード: ${code}`,
    body: (name, code, minutes) => [
      `${name} 様`,
      `サインインコードは ${code} です。${minutes} 分間有効です。`,
      'サインインした覚えがない場合は、パスワードが知られている可能性があります。パスワードを変更してください。',
    ],
    signature: 'Pipewise チーム',
  },
  de: {
    subject: (code) => `${code} ist Ihr Pipewise-Anmeldecode`,
    body: (name, code, minutes) => [
      `Hallo ${name},`,
      `Ihr Anmeldecode lautet ${code}. Er ist ${minutes} Minuten gültig.`,
      'Wenn Sie sich nicht anmelden wollten, kennt jemand Ihr Passwort: Bitte ändern Sie es.',
    ],
    signature: 'Ihr Pipewise-Team',
  },
  it: {
    subject: (code) => `${code} è il tuo codice di accesso a Pipewise`,
    body: (name, code, minutes) => [
      `Ciao ${name},`,
      `Il tuo codice di accesso è ${code}. È valido per ${minutes} minuti.`,
      'Se non hai provato ad accedere, qualcuno conosce la tua password: cambiala.',
    ],
    signature: 'Il team di Pipewise',
  },
  fr: {
    subject: (code) => `${code} est votre code de connexion Pipewise`,
    body: (name, code, minutes) => [
      `Bonjour ${name},`,
      `Votre code de connexion est ${code}. Il est valable ${minutes} minutes.`,
      "Si vous n'avez pas essayé de vous connecter, quelqu'un connaît votre mot de passe : changez-le.",
    ],
    signature: "L'équipe Pipewise",
  },
  es: {
    subject: (code) => `${code} es tu código de acceso a Pipewise`,
    body: (name, code, minutes) => [
      `Hola, ${name}:`,
      `Tu código de acceso es ${code}. Es válido durante ${minutes} minutos.`,
      'Si no has intentado iniciar sesión, alguien conoce tu contraseña: cámbiala.',
    ],
    signature: 'El equipo de Pipewise',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function twoFactorCodeMail(
  language: Language,
  to: string,
  name: string,
  code: string,
  minutes: number,
): Mail {
  const t = TEXTS[language];
  const paragraphs = [...t.body(name, code, minutes), t.signature];
  return {
    to,
    subject: t.subject(code),
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  };
}
