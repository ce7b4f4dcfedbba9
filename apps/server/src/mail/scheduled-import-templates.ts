// Mails of a scheduled import (issue 42) to the client's administrators: a run held for review (its reason), or a
// run that failed (its error). The reason is the server's English sentence, as the runs list shows it; the
// sentence around it is in the recipient's language. The link opens the scheduled imports page.
import type { Language } from '@pipewise/domain';
import type { Mail } from './mailer.ts';
import { composeIn } from './templates.ts';

interface Texts {
  heldSubject: (name: string) => string;
  held: (name: string, network: string) => string;
  failedSubject: (name: string) => string;
  failed: (name: string, network: string) => string;
  reason: string;
  open: string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    heldSubject: (name) => `Scheduled import "${name}" is waiting for review`,
    held: (name, network) =>
      `The scheduled import "${name}" read a new file for ${network}, but did not import it by itself: an administrator must review it and commit or discard it.`,
    failedSubject: (name) => `Scheduled import "${name}" failed`,
    failed: (name, network) =>
      `The scheduled import "${name}" into ${network} failed. The network keeps its current version.`,
    reason: 'Reason:',
    open: 'Open the scheduled imports:',
  },
  ja: {
    heldSubject: (name) => `定期インポート「${name}」が確認待ちです`,
    held: (name, network) =>
      `定期インポート「${name}」は ${network} の新しいファイルを読み込みましたが、自動ではインポートしませんでした。管理者が内容を確認し、インポートするか破棄してください。`,
    failedSubject: (name) => `定期インポート「${name}」が失敗しました`,
    failed: (name, network) =>
      `${network} への定期インポート「${name}」が失敗しました。ネットワークは現在のバージョンのままです。`,
    reason: '理由:',
    open: '定期インポートを開く:',
  },
  de: {
    heldSubject: (name) => `Geplanter Import „${name}“ wartet auf Prüfung`,
    held: (name, network) =>
      `Der geplante Import „${name}“ hat eine neue Datei für ${network} gelesen, sie aber nicht selbst importiert: Eine Administratorin oder ein Administrator muss sie prüfen und importieren oder verwerfen.`,
    failedSubject: (name) => `Geplanter Import „${name}“ ist fehlgeschlagen`,
    failed: (name, network) =>
      `Der geplante Import „${name}“ in ${network} ist fehlgeschlagen. Das Netz behält seine aktuelle Version.`,
    reason: 'Grund:',
    open: 'Geplante Importe öffnen:',
  },
  it: {
    heldSubject: (name) => `L'importazione pianificata "${name}" attende una revisione`,
    held: (name, network) =>
      `L'importazione pianificata "${name}" ha letto un nuovo file per ${network}, ma non lo ha importato da sola: un amministratore deve esaminarlo e importarlo o scartarlo.`,
    failedSubject: (name) => `L'importazione pianificata "${name}" non è riuscita`,
    failed: (name, network) =>
      `L'importazione pianificata "${name}" in ${network} non è riuscita. La rete mantiene la versione attuale.`,
    reason: 'Motivo:',
    open: 'Apri le importazioni pianificate:',
  },
  fr: {
    heldSubject: (name) => `L'import planifié « ${name} » attend une vérification`,
    held: (name, network) =>
      `L'import planifié « ${name} » a lu un nouveau fichier pour ${network}, mais ne l'a pas importé de lui-même : un administrateur doit le vérifier, puis l'importer ou l'écarter.`,
    failedSubject: (name) => `L'import planifié « ${name} » a échoué`,
    failed: (name, network) =>
      `L'import planifié « ${name} » dans ${network} a échoué. Le réseau garde sa version actuelle.`,
    reason: 'Raison :',
    open: 'Ouvrir les imports planifiés :',
  },
  es: {
    heldSubject: (name) => `La importación programada «${name}» espera revisión`,
    held: (name, network) =>
      `La importación programada «${name}» leyó un archivo nuevo para ${network}, pero no lo importó por sí sola: un administrador debe revisarlo e importarlo o descartarlo.`,
    failedSubject: (name) => `La importación programada «${name}» ha fallado`,
    failed: (name, network) =>
      `La importación programada «${name}» en ${network} ha fallado. La red conserva su versión actual.`,
    reason: 'Motivo:',
    open: 'Abrir las importaciones programadas:',
  },
};

export function scheduledImportMail(
  language: Language,
  to: string,
  outcome: 'held' | 'failed',
  run: { definition: string; network: string; reason: string },
  link: string,
): Mail {
  const t = TEXTS[language];
  const subject = outcome === 'held' ? t.heldSubject(run.definition) : t.failedSubject(run.definition);
  const lead =
    outcome === 'held' ? t.held(run.definition, run.network) : t.failed(run.definition, run.network);
  return composeIn(language, to, subject, [lead, `${t.reason} ${run.reason}`, t.open, link], link);
}
