// The planner's status mail (issue 36) in the recipient's language: a project's manager hears when its status
// changes (the inspector's outcome above all), who changed it, and the note they wrote.
import type { Language } from '@pipewise/domain';
import type { ProjectState } from '@pipewise/domain';
import type { Mail } from './mailer.ts';
import { composeIn } from './templates.ts';

interface StatusTexts {
  states: Record<ProjectState, string>;
  subject: (project: string, state: string) => string;
  body: (name: string, project: string, from: string, to: string, by: string) => string;
  note: (note: string) => string;
  open: string;
}

const TEXTS: Record<Language, StatusTexts> = {
  en: {
    states: {
      inProgress: 'In progress',
      inspecting: 'Inspecting',
      finished: 'Finished',
      delayed: 'Delayed',
      closed: 'Closed',
    },
    subject: (p, s) => `Project “${p}”: ${s}`,
    body: (n, p, f, t, b) =>
      `Hello ${n}, ${b} moved the project “${p}”, which you manage, from ${f} to ${t}.`,
    note: (note) => `Their note: ${note}`,
    open: 'Open it in the job planner:',
  },
  ja: {
    states: { inProgress: '進行中', inspecting: '検査中', finished: '完了', delayed: '遅延', closed: '終了' },
    subject: (p, s) => `プロジェクト「${p}」: ${s}`,
    body: (n, p, f, t, b) =>
      `${n} 様、${b} さんが、あなたが管理するプロジェクト「${p}」の状態を「${f}」から「${t}」に変更しました。`,
    note: (note) => `メモ: ${note}`,
    open: 'ジョブプランナーで開く:',
  },
  de: {
    states: {
      inProgress: 'In Arbeit',
      inspecting: 'In Prüfung',
      finished: 'Fertig',
      delayed: 'Verzögert',
      closed: 'Abgeschlossen',
    },
    subject: (p, s) => `Projekt „${p}“: ${s}`,
    body: (n, p, f, t, b) =>
      `Hallo ${n}, ${b} hat das von Ihnen geleitete Projekt „${p}“ von ${f} auf ${t} gesetzt.`,
    note: (note) => `Notiz: ${note}`,
    open: 'Im Jobplaner öffnen:',
  },
  it: {
    states: {
      inProgress: 'In corso',
      inspecting: 'In ispezione',
      finished: 'Terminato',
      delayed: 'In ritardo',
      closed: 'Chiuso',
    },
    subject: (p, s) => `Progetto «${p}»: ${s}`,
    body: (n, p, f, t, b) => `Ciao ${n}, ${b} ha portato il progetto «${p}», che gestisci, da ${f} a ${t}.`,
    note: (note) => `La sua nota: ${note}`,
    open: 'Aprilo nel pianificatore dei lavori:',
  },
  fr: {
    states: {
      inProgress: 'En cours',
      inspecting: 'En inspection',
      finished: 'Terminé',
      delayed: 'Retardé',
      closed: 'Clôturé',
    },
    subject: (p, s) => `Projet « ${p} » : ${s}`,
    body: (n, p, f, t, b) =>
      `Bonjour ${n}, ${b} a fait passer le projet « ${p} », que vous gérez, de ${f} à ${t}.`,
    note: (note) => `Sa note : ${note}`,
    open: 'Ouvrez-le dans le planificateur :',
  },
  es: {
    states: {
      inProgress: 'En curso',
      inspecting: 'En inspección',
      finished: 'Terminado',
      delayed: 'Retrasado',
      closed: 'Cerrado',
    },
    subject: (p, s) => `Proyecto «${p}»: ${s}`,
    body: (n, p, f, t, b) =>
      `Hola ${n}, ${b} ha pasado el proyecto «${p}», que usted gestiona, de ${f} a ${t}.`,
    note: (note) => `Su nota: ${note}`,
    open: 'Ábralo en el planificador de trabajos:',
  },
};

export interface StatusMail {
  language: Language;
  to: string;
  name: string;
  project: string;
  from: ProjectState;
  toState: ProjectState;
  by: string;
  note: string;
  link: string;
}

export function projectStatusMail(m: StatusMail): Mail {
  const t = TEXTS[m.language];
  const paragraphs = [
    t.body(m.name, m.project, t.states[m.from], t.states[m.toState], m.by),
    ...(m.note ? [t.note(m.note)] : []),
    t.open,
    m.link,
  ];
  return composeIn(m.language, m.to, t.subject(m.project, t.states[m.toState]), paragraphs, m.link);
}
