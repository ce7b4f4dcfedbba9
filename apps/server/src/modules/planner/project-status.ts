// A project's people and status changes (issue 36). A manager or inspector picked from the client's users is named
// on the project as the user is (their name and e-mail, not what a form typed); a free-text person outside the
// client has no id and so no rights. A status change is kept with its note in the project's history, and the
// project's manager hears of it by mail in their own language, unless they made it or take no mails.
import { isLanguage, projectStateOf, type Language, type ProjectUpdate } from '@pipewise/domain';
import type { AuthUser, Deps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import type { Mail } from '../../mail/mailer.ts';
import { projectStatusMail } from '../../mail/project-templates.ts';
import { addEvent, contactsOf } from './project-people.repository.ts';
import type { ProjectChanges, ProjectRecord } from './projects.repository.ts';

type People = Pick<ProjectUpdate, 'manager_id' | 'inspector_id'>;

/** Name and e-mail columns of the picked users (after assertClientUsers: every id is a user of the client). */
export async function pickedPeople(tx: Db, people: People): Promise<ProjectChanges> {
  const ids = [people.manager_id, people.inspector_id].filter((id): id is number => typeof id === 'number');
  const contacts = await contactsOf(tx, ids);
  const changes: ProjectChanges = {};
  const manager = people.manager_id == null ? undefined : contacts.get(people.manager_id);
  if (manager) Object.assign(changes, { managerName: manager.fullName, managerEmail: manager.email });
  const inspector = people.inspector_id == null ? undefined : contacts.get(people.inspector_id);
  if (inspector)
    Object.assign(changes, { inspectorName: inspector.fullName, inspectorEmail: inspector.email });
  return changes;
}

/** Keeps the change in the history; answers the manager's mail to send once the change is committed, if any. */
export async function recordStatusChange(
  deps: Deps,
  tx: Db,
  me: AuthUser,
  row: ProjectRecord,
  to: number,
  note: string,
): Promise<Mail | null> {
  const contacts = await contactsOf(tx, row.managerId === null ? [me.id] : [me.id, row.managerId]);
  const by = contacts.get(me.id)?.fullName ?? '';
  await addEvent(tx, {
    clientId: me.clientId,
    projectId: row.id,
    from: row.status,
    to,
    note,
    userId: me.id,
    userName: by,
  });
  const manager = row.managerId === null ? undefined : contacts.get(row.managerId);
  const from = projectStateOf(row.status);
  const toState = projectStateOf(to);
  if (!manager || manager.id === me.id || !manager.isActive || !manager.receiveEmails || !from || !toState) {
    return null;
  }
  const language: Language = isLanguage(manager.language) ? manager.language : 'en';
  return projectStatusMail({
    language,
    to: manager.email,
    name: manager.fullName,
    project: row.name,
    from,
    toState,
    by,
    note,
    link: `${deps.config.publicUrl}/map?project=${row.id}`,
  });
}
