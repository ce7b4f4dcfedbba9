// Registration mails beyond the welcome (issue 37): the answer to a sign-up is the same whatever the organisation
// code, so a code that matched no organisation is told to the address by mail, not to whoever sent the form.
import type { Language } from '@pipewise/domain';
import type { Mail } from './mailer.ts';
import { composeIn } from './templates.ts';

const UNKNOWN_CODE: Record<Language, { subject: string; body: (link: string) => string[] }> = {
  en: {
    subject: 'Your Pipewise registration',
    body: (link) => [
      'Hello,',
      'Someone, probably you, tried to register this address with Pipewise, but the organisation code given did not match any organisation. No account was created.',
      'Please check the code with your organisation’s Pipewise administrator and register again:',
      link,
      'If you did not ask for this, you can ignore this e-mail.',
    ],
  },
  ja: {
    subject: 'Pipewise の登録について',
    body: (link) => [
      'こんにちは。',
      'このメールアドレスで Pipewise への登録が試みられましたが、入力された組織コードに一致する組織がありませんでした。アカウントは作成されていません。',
      '組織の Pipewise 管理者にコードを確認のうえ、もう一度登録してください。',
      link,
      'お心当たりがない場合は、このメールを無視してください。',
    ],
  },
  de: {
    subject: 'Ihre Registrierung bei Pipewise',
    body: (link) => [
      'Hallo,',
      'Jemand, vermutlich Sie, hat versucht, diese Adresse bei Pipewise zu registrieren, doch der angegebene Organisationscode passt zu keiner Organisation. Es wurde kein Konto angelegt.',
      'Bitte prüfen Sie den Code mit der Pipewise-Administration Ihrer Organisation und registrieren Sie sich erneut:',
      link,
      'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.',
    ],
  },
  it: {
    subject: 'La tua registrazione a Pipewise',
    body: (link) => [
      'Buongiorno,',
      'Qualcuno, probabilmente tu, ha provato a registrare questo indirizzo su Pipewise, ma il codice organizzazione indicato non corrisponde ad alcuna organizzazione. Nessun account è stato creato.',
      'Verifica il codice con l’amministratore Pipewise della tua organizzazione e registrati di nuovo:',
      link,
      'Se non sei stato tu, puoi ignorare questa e-mail.',
    ],
  },
  fr: {
    subject: 'Votre inscription à Pipewise',
    body: (link) => [
      'Bonjour,',
      'Quelqu’un, probablement vous, a tenté d’inscrire cette adresse sur Pipewise, mais le code d’organisation saisi ne correspond à aucune organisation. Aucun compte n’a été créé.',
      'Vérifiez le code auprès de l’administrateur Pipewise de votre organisation, puis inscrivez-vous à nouveau :',
      link,
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
    ],
  },
  es: {
    subject: 'Su registro en Pipewise',
    body: (link) => [
      'Hola:',
      'Alguien, probablemente usted, intentó registrar esta dirección en Pipewise, pero el código de organización indicado no corresponde a ninguna organización. No se creó ninguna cuenta.',
      'Compruebe el código con el administrador de Pipewise de su organización y vuelva a registrarse:',
      link,
      'Si no fue usted, puede ignorar este correo.',
    ],
  },
};

/** A sign-up whose organisation code matched nothing: the address is told, the form's answer is not. */
export function unknownCodeMail(language: Language, to: string, registerLink: string): Mail {
  const t = UNKNOWN_CODE[language];
  return composeIn(language, to, t.subject, t.body(registerLink), registerLink);
}
