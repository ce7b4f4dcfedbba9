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
  existsSubject: string;
  existsBody: (name: string, link: string) => string[];
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
    existsSubject: 'Your Pipewise account',
    existsBody: (name, link) => [
      `Hello ${name},`,
      'Someone tried to register a new Pipewise account with this e-mail address, which already has an account. If it was you, sign in here or ask for a new password on the sign-in page:',
      link,
      'If it was not you, you can ignore this e-mail.',
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
    existsSubject: 'Pipewise アカウントについて',
    existsBody: (name, link) => [
      `${name} 様`,
      'このメールアドレスで Pipewise アカウントの新規登録が試みられましたが、このアドレスのアカウントはすでにあります。ご本人の場合は、こちらからログインするか、ログイン画面でパスワードの再設定をご依頼ください。',
      link,
      'お心当たりのない場合は、このメールを破棄してください。',
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
    existsSubject: 'Ihr Pipewise-Konto',
    existsBody: (name, link) => [
      `Hallo ${name},`,
      'jemand hat versucht, mit dieser E-Mail-Adresse ein neues Pipewise-Konto zu registrieren; für sie besteht bereits ein Konto. Wenn Sie das waren, melden Sie sich hier an oder fordern Sie auf der Anmeldeseite ein neues Passwort an:',
      link,
      'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.',
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
    existsSubject: 'Il tuo account Pipewise',
    existsBody: (name, link) => [
      `Ciao ${name},`,
      'qualcuno ha provato a registrare un nuovo account Pipewise con questo indirizzo e-mail, che ha già un account. Se sei stato tu, accedi qui o chiedi una nuova password dalla pagina di accesso:',
      link,
      "Se non sei stato tu, puoi ignorare quest'e-mail.",
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
    existsSubject: 'Votre compte Pipewise',
    existsBody: (name, link) => [
      `Bonjour ${name},`,
      "Quelqu'un a tenté de créer un nouveau compte Pipewise avec cette adresse e-mail, qui a déjà un compte. Si c'était vous, connectez-vous ici ou demandez un nouveau mot de passe sur la page de connexion :",
      link,
      "Si ce n'était pas vous, ignorez cet e-mail.",
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
    existsSubject: 'Tu cuenta de Pipewise',
    existsBody: (name, link) => [
      `Hola, ${name}:`,
      'Alguien ha intentado registrar una cuenta nueva de Pipewise con esta dirección de correo, que ya tiene una cuenta. Si has sido tú, inicia sesión aquí o pide una contraseña nueva en la página de inicio de sesión:',
      link,
      'Si no has sido tú, puedes ignorar este correo.',
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

/** A mail of another module (the planner's status mail) in the same shape and with the same signature. */
export function composeIn(
  language: Language,
  to: string,
  subject: string,
  paragraphs: string[],
  link: string,
): Mail {
  return compose(to, subject, paragraphs, link, TEXTS[language].signature);
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

/** Registration with an address that has an account: the answer looks the same, the owner is told by mail. */
export function accountExistsMail(language: Language, to: string, name: string, link: string): Mail {
  const t = TEXTS[language];
  return compose(to, t.existsSubject, t.existsBody(name, link), link, t.signature);
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
