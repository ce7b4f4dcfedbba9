// Mails of a sign-up that waits for an administrator (issue 37: a registration code alone gave read access to a
// utility's network). The registrant is told it waits, then whether it was approved; the client's administrators
// are asked to decide, with a link to the page where they do.
import type { Language } from '@pipewise/domain';
import type { Mail } from './mailer.ts';
import { composeIn } from './templates.ts';

interface Texts {
  waitingSubject: string;
  waiting: (name: string, client: string) => string[];
  requestSubject: (name: string) => string;
  request: (name: string, email: string, client: string) => string[];
  approvedSubject: string;
  approved: (name: string, client: string) => string[];
  rejectedSubject: string;
  rejected: (name: string, client: string) => string[];
}

const TEXTS: Record<Language, Texts> = {
  en: {
    waitingSubject: 'Your Pipewise registration is waiting for approval',
    waiting: (name, client) => [
      `Hello ${name},`,
      `Thank you for registering with Pipewise. An administrator of ${client} has been asked to approve your account; you will get an e-mail as soon as they have decided.`,
      'You can sign in once your account is approved:',
    ],
    requestSubject: (name) => `New Pipewise registration to approve: ${name}`,
    request: (name, email, client) => [
      'Hello,',
      `${name} (${email}) has registered with ${client}'s organisation code and is waiting for approval. Until an administrator approves the account, it cannot sign in or see any data.`,
      'Approve or reject the registration under Administration:',
    ],
    approvedSubject: 'Your Pipewise account is approved',
    approved: (name, client) => [
      `Hello ${name},`,
      `An administrator of ${client} has approved your account. You can now sign in:`,
    ],
    rejectedSubject: 'Your Pipewise registration',
    rejected: (name, client) => [
      `Hello ${name},`,
      `An administrator of ${client} did not approve your registration, and the account was not created. If you think this is a mistake, please contact your organisation's Pipewise administrator.`,
      'Pipewise:',
    ],
  },
  ja: {
    waitingSubject: 'Pipewise への登録は承認待ちです',
    waiting: (name, client) => [
      `${name} 様`,
      `Pipewise にご登録いただきありがとうございます。${client} の管理者にアカウントの承認を依頼しました。結果が決まり次第、メールでお知らせします。`,
      '承認後、次のページからサインインできます。',
    ],
    requestSubject: (name) => `Pipewise の新しい登録の承認依頼: ${name}`,
    request: (name, email, client) => [
      'こんにちは。',
      `${name} (${email}) さんが ${client} の組織コードで登録し、承認を待っています。管理者が承認するまで、このアカウントはサインインもデータの閲覧もできません。`,
      '「管理」から登録を承認または却下してください。',
    ],
    approvedSubject: 'Pipewise アカウントが承認されました',
    approved: (name, client) => [
      `${name} 様`,
      `${client} の管理者があなたのアカウントを承認しました。次のページからサインインできます。`,
    ],
    rejectedSubject: 'Pipewise への登録について',
    rejected: (name, client) => [
      `${name} 様`,
      `${client} の管理者はあなたの登録を承認しませんでした。アカウントは作成されていません。お心当たりがない場合は、組織の Pipewise 管理者にお問い合わせください。`,
      'Pipewise:',
    ],
  },
  de: {
    waitingSubject: 'Ihre Registrierung bei Pipewise wartet auf Freigabe',
    waiting: (name, client) => [
      `Hallo ${name},`,
      `vielen Dank für Ihre Registrierung bei Pipewise. Die Administration von ${client} wurde gebeten, Ihr Konto freizugeben; Sie erhalten eine E-Mail, sobald entschieden ist.`,
      'Nach der Freigabe können Sie sich hier anmelden:',
    ],
    requestSubject: (name) => `Neue Registrierung bei Pipewise zur Freigabe: ${name}`,
    request: (name, email, client) => [
      'Hallo,',
      `${name} (${email}) hat sich mit dem Organisationscode von ${client} registriert und wartet auf Freigabe. Bis eine Administratorin oder ein Administrator das Konto freigibt, kann es sich nicht anmelden und keine Daten sehen.`,
      'Geben Sie die Registrierung unter „Administration“ frei oder lehnen Sie sie ab:',
    ],
    approvedSubject: 'Ihr Pipewise-Konto ist freigegeben',
    approved: (name, client) => [
      `Hallo ${name},`,
      `die Administration von ${client} hat Ihr Konto freigegeben. Sie können sich jetzt anmelden:`,
    ],
    rejectedSubject: 'Ihre Registrierung bei Pipewise',
    rejected: (name, client) => [
      `Hallo ${name},`,
      `die Administration von ${client} hat Ihre Registrierung nicht freigegeben; das Konto wurde nicht angelegt. Wenn Sie das für einen Irrtum halten, wenden Sie sich bitte an die Pipewise-Administration Ihrer Organisation.`,
      'Pipewise:',
    ],
  },
  it: {
    waitingSubject: 'La tua registrazione a Pipewise è in attesa di approvazione',
    waiting: (name, client) => [
      `Buongiorno ${name},`,
      `grazie per esserti registrato a Pipewise. Abbiamo chiesto a un amministratore di ${client} di approvare il tuo account; riceverai un'e-mail appena avrà deciso.`,
      'Dopo l’approvazione potrai accedere da qui:',
    ],
    requestSubject: (name) => `Nuova registrazione a Pipewise da approvare: ${name}`,
    request: (name, email, client) => [
      'Buongiorno,',
      `${name} (${email}) si è registrato con il codice organizzazione di ${client} ed è in attesa di approvazione. Finché un amministratore non approva l’account, non può accedere né vedere alcun dato.`,
      'Approva o rifiuta la registrazione in Amministrazione:',
    ],
    approvedSubject: 'Il tuo account Pipewise è stato approvato',
    approved: (name, client) => [
      `Buongiorno ${name},`,
      `un amministratore di ${client} ha approvato il tuo account. Ora puoi accedere:`,
    ],
    rejectedSubject: 'La tua registrazione a Pipewise',
    rejected: (name, client) => [
      `Buongiorno ${name},`,
      `un amministratore di ${client} non ha approvato la tua registrazione e l’account non è stato creato. Se pensi che sia un errore, contatta l’amministratore Pipewise della tua organizzazione.`,
      'Pipewise:',
    ],
  },
  fr: {
    waitingSubject: 'Votre inscription à Pipewise attend une validation',
    waiting: (name, client) => [
      `Bonjour ${name},`,
      `Merci de votre inscription à Pipewise. Un administrateur de ${client} a été invité à valider votre compte ; vous recevrez un e-mail dès qu’il aura décidé.`,
      'Une fois votre compte validé, vous pourrez vous connecter ici :',
    ],
    requestSubject: (name) => `Nouvelle inscription à Pipewise à valider : ${name}`,
    request: (name, email, client) => [
      'Bonjour,',
      `${name} (${email}) s’est inscrit avec le code d’organisation de ${client} et attend une validation. Tant qu’un administrateur n’a pas validé le compte, il ne peut ni se connecter ni voir aucune donnée.`,
      'Validez ou refusez l’inscription dans Administration :',
    ],
    approvedSubject: 'Votre compte Pipewise est validé',
    approved: (name, client) => [
      `Bonjour ${name},`,
      `Un administrateur de ${client} a validé votre compte. Vous pouvez maintenant vous connecter :`,
    ],
    rejectedSubject: 'Votre inscription à Pipewise',
    rejected: (name, client) => [
      `Bonjour ${name},`,
      `Un administrateur de ${client} n’a pas validé votre inscription ; le compte n’a pas été créé. Si vous pensez qu’il s’agit d’une erreur, contactez l’administrateur Pipewise de votre organisation.`,
      'Pipewise :',
    ],
  },
  es: {
    waitingSubject: 'Su registro en Pipewise está pendiente de aprobación',
    waiting: (name, client) => [
      `Hola, ${name}:`,
      `Gracias por registrarse en Pipewise. Hemos pedido a un administrador de ${client} que apruebe su cuenta; recibirá un correo en cuanto lo decida.`,
      'Cuando su cuenta esté aprobada, podrá iniciar sesión aquí:',
    ],
    requestSubject: (name) => `Nuevo registro en Pipewise pendiente de aprobación: ${name}`,
    request: (name, email, client) => [
      'Hola:',
      `${name} (${email}) se ha registrado con el código de organización de ${client} y espera su aprobación. Hasta que un administrador apruebe la cuenta, no puede iniciar sesión ni ver ningún dato.`,
      'Apruebe o rechace el registro en Administración:',
    ],
    approvedSubject: 'Su cuenta de Pipewise está aprobada',
    approved: (name, client) => [
      `Hola, ${name}:`,
      `Un administrador de ${client} ha aprobado su cuenta. Ya puede iniciar sesión:`,
    ],
    rejectedSubject: 'Su registro en Pipewise',
    rejected: (name, client) => [
      `Hola, ${name}:`,
      `Un administrador de ${client} no ha aprobado su registro y la cuenta no se ha creado. Si cree que es un error, póngase en contacto con el administrador de Pipewise de su organización.`,
      'Pipewise:',
    ],
  },
};

/** To the registrant: the account exists but waits; `link` is the sign-in page. */
export const awaitingApprovalMail = (
  language: Language,
  to: string,
  name: string,
  client: string,
  link: string,
) =>
  composeIn(
    language,
    to,
    TEXTS[language].waitingSubject,
    [...TEXTS[language].waiting(name, client), link],
    link,
  );

/** To each administrator of the client; `link` is /admin/workflow. */
export function approvalRequestMail(
  language: Language,
  to: string,
  registrant: { name: string; email: string },
  client: string,
  link: string,
): Mail {
  const t = TEXTS[language];
  return composeIn(
    language,
    to,
    t.requestSubject(registrant.name),
    [...t.request(registrant.name, registrant.email, client), link],
    link,
  );
}

/** To the registrant, once decided; `link` is the sign-in page (approved) or the site (rejected). */
export function approvalDecisionMail(
  language: Language,
  to: string,
  name: string,
  client: string,
  approved: boolean,
  link: string,
): Mail {
  const t = TEXTS[language];
  return approved
    ? composeIn(language, to, t.approvedSubject, [...t.approved(name, client), link], link)
    : composeIn(language, to, t.rejectedSubject, [...t.rejected(name, client), link], link);
}
