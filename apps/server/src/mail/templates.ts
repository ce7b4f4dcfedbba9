// Account mails in the recipient's language (spec 000 §1: en, ja, de, it, fr, es).
import type { Language } from '@pipewise/domain';
import type { Mail } from './mailer.ts';

interface Texts {
  resetSubject: string;
  resetBody: (name: string, link: string) => string[];
  welcomeSubject: string;
  welcomeBody: (name: string, client: string, link: string) => string[];
  inviteSubject: string;
  inviteBody: (name: string, client: string, link: string) => string[];
  signature: string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    resetSubject: 'Reset your Pipewise password',
    resetBody: (name, link) => [
      `Hello ${name},`,
      'We received a request to reset the password of your Pipewise account. Open this link to choose a new password:',
      link,
      'The link is valid for 1 hour and can be used once. If you did not ask for this, you can ignore this e-mail.',
    ],
    welcomeSubject: 'Welcome to Pipewise',
    welcomeBody: (name, client, link) => [
      `Hello ${name},`,
      `Your Pipewise account for ${client} is ready. Sign in here:`,
      link,
    ],
    inviteSubject: 'You are invited to Pipewise',
    inviteBody: (name, client, link) => [
      `Hello ${name},`,
      `An administrator has created a Pipewise account for you at ${client}. Open this link to choose your password:`,
      link,
      'The link is valid for 7 days and can be used once.',
    ],
    signature: 'The Pipewise team',
  },
  ja: {
    resetSubject: 'Pipewise パスワードの再設定',
    resetBody: (name, link) => [
      `${name} 様`,
      'Pipewise アカウントのパスワード再設定のご依頼を受け付けました。次のリンクから新しいパスワードを設定してください。',
      link,
      'このリンクの有効期限は1時間で、1回のみ使用できます。お心当たりのない場合は、このメールを破棄してください。',
    ],
    welcomeSubject: 'Pipewise へようこそ',
    welcomeBody: (name, client, link) => [
      `${name} 様`,
      `${client} の Pipewise アカウントが作成されました。こちらからログインしてください。`,
      link,
    ],
    inviteSubject: 'Pipewise へのご招待',
    inviteBody: (name, client, link) => [
      `${name} 様`,
      `管理者が ${client} の Pipewise アカウントを作成しました。次のリンクからパスワードを設定してください。`,
      link,
      'このリンクの有効期限は7日間で、1回のみ使用できます。',
    ],
    signature: 'Pipewise チーム',
  },
  de: {
    resetSubject: 'Pipewise-Passwort zurücksetzen',
    resetBody: (name, link) => [
      `Hallo ${name},`,
      'wir haben eine Anfrage erhalten, das Passwort Ihres Pipewise-Kontos zurückzusetzen. Über diesen Link können Sie ein neues Passwort wählen:',
      link,
      'Der Link ist 1 Stunde gültig und kann nur einmal verwendet werden. Wenn Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    ],
    welcomeSubject: 'Willkommen bei Pipewise',
    welcomeBody: (name, client, link) => [
      `Hallo ${name},`,
      `Ihr Pipewise-Konto für ${client} ist eingerichtet. Hier melden Sie sich an:`,
      link,
    ],
    inviteSubject: 'Einladung zu Pipewise',
    inviteBody: (name, client, link) => [
      `Hallo ${name},`,
      `eine Administratorin oder ein Administrator hat für Sie ein Pipewise-Konto bei ${client} angelegt. Über diesen Link wählen Sie Ihr Passwort:`,
      link,
      'Der Link ist 7 Tage gültig und kann nur einmal verwendet werden.',
    ],
    signature: 'Ihr Pipewise-Team',
  },
  it: {
    resetSubject: 'Reimposta la password di Pipewise',
    resetBody: (name, link) => [
      `Ciao ${name},`,
      'abbiamo ricevuto una richiesta di reimpostazione della password del tuo account Pipewise. Apri questo link per scegliere una nuova password:',
      link,
      "Il link è valido per 1 ora e può essere usato una sola volta. Se non hai fatto tu questa richiesta, puoi ignorare quest'e-mail.",
    ],
    welcomeSubject: 'Benvenuto in Pipewise',
    welcomeBody: (name, client, link) => [
      `Ciao ${name},`,
      `il tuo account Pipewise per ${client} è pronto. Accedi qui:`,
      link,
    ],
    inviteSubject: 'Sei stato invitato su Pipewise',
    inviteBody: (name, client, link) => [
      `Ciao ${name},`,
      `un amministratore ha creato per te un account Pipewise presso ${client}. Apri questo link per scegliere la tua password:`,
      link,
      'Il link è valido per 7 giorni e può essere usato una sola volta.',
    ],
    signature: 'Il team di Pipewise',
  },
  fr: {
    resetSubject: 'Réinitialisez votre mot de passe Pipewise',
    resetBody: (name, link) => [
      `Bonjour ${name},`,
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Pipewise. Ouvrez ce lien pour choisir un nouveau mot de passe :',
      link,
      "Le lien est valable 1 heure et ne peut être utilisé qu'une seule fois. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.",
    ],
    welcomeSubject: 'Bienvenue sur Pipewise',
    welcomeBody: (name, client, link) => [
      `Bonjour ${name},`,
      `Votre compte Pipewise pour ${client} est prêt. Connectez-vous ici :`,
      link,
    ],
    inviteSubject: 'Invitation à Pipewise',
    inviteBody: (name, client, link) => [
      `Bonjour ${name},`,
      `Un administrateur vous a créé un compte Pipewise pour ${client}. Ouvrez ce lien pour choisir votre mot de passe :`,
      link,
      "Le lien est valable 7 jours et ne peut être utilisé qu'une seule fois.",
    ],
    signature: "L'équipe Pipewise",
  },
  es: {
    resetSubject: 'Restablece tu contraseña de Pipewise',
    resetBody: (name, link) => [
      `Hola, ${name}:`,
      'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Pipewise. Abre este enlace para elegir una contraseña nueva:',
      link,
      'El enlace es válido durante 1 hora y solo se puede usar una vez. Si no lo has solicitado, puedes ignorar este correo.',
    ],
    welcomeSubject: 'Te damos la bienvenida a Pipewise',
    welcomeBody: (name, client, link) => [
      `Hola, ${name}:`,
      `Tu cuenta de Pipewise para ${client} ya está lista. Inicia sesión aquí:`,
      link,
    ],
    inviteSubject: 'Te han invitado a Pipewise',
    inviteBody: (name, client, link) => [
      `Hola, ${name}:`,
      `Un administrador ha creado una cuenta de Pipewise para ti en ${client}. Abre este enlace para elegir tu contraseña:`,
      link,
      'El enlace es válido durante 7 días y solo se puede usar una vez.',
    ],
    signature: 'El equipo de Pipewise',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function compose(to: string, subject: string, paragraphs: string[], link: string, signature: string): Mail {
  const text = [...paragraphs, '', signature].join('\n\n');
  const html = [...paragraphs, signature]
    .map((p) =>
      p === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(p)}</p>`,
    )
    .join('\n');
  return { to, subject, text, html };
}

export function resetMail(language: Language, to: string, name: string, link: string): Mail {
  const t = TEXTS[language];
  return compose(to, t.resetSubject, t.resetBody(name, link), link, t.signature);
}

export function welcomeMail(
  language: Language,
  to: string,
  name: string,
  client: string,
  link: string,
): Mail {
  const t = TEXTS[language];
  return compose(to, t.welcomeSubject, t.welcomeBody(name, client, link), link, t.signature);
}

/** A user created by an administrator chooses their first password through a reset-style link. */
export function inviteMail(language: Language, to: string, name: string, client: string, link: string): Mail {
  const t = TEXTS[language];
  return compose(to, t.inviteSubject, t.inviteBody(name, client, link), link, t.signature);
}

export function contactMail(
  to: string,
  from: { name: string; email: string },
  subject: string,
  message: string,
): Mail {
  const text = `From: ${from.name} <${from.email}>\n\n${message}`;
  return { to, subject: `[Pipewise contact] ${subject}`, text, html: `<pre>${escapeHtml(text)}</pre>` };
}
