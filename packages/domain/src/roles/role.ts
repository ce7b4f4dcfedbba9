// Role checks of spec §6.
import { PERMISSION_GROUP, type PermissionGroupCode } from '../constants/index.ts';

/** What a check may require: a group code; the role lookup (admin 1, worker 2, viewOnly 3) uses the same numbers. */
export type RequiredRole = PermissionGroupCode;

/**
 * The rank a permission group compares with: spec §6 says a check passes when the user's value is at most
 * the required value, so lower is more powerful. Taken literally, SUPERADMIN 4 and INSPECTOR 5 would rank
 * below VIEWER 3 (CHECKLIST ROLE-06). Our reading, as a user expects: a super administrator passes every
 * check an administrator passes, and an inspector as primary group ranks like a viewer (its extra reach is
 * its assigned projects, which is a data scope, not a rank).
 */
const RANK: Record<PermissionGroupCode, number> = {
  [PERMISSION_GROUP.ADMINISTRATOR]: 1,
  [PERMISSION_GROUP.WORKER]: 2,
  [PERMISSION_GROUP.VIEWER]: 3,
  [PERMISSION_GROUP.SUPERADMIN]: 1,
  [PERMISSION_GROUP.INSPECTOR]: 3,
};

/** The comparison rank of a group code; undefined for codes the spec does not know. */
export function roleRank(code: number | null | undefined): number | undefined {
  if (code == null || !Object.hasOwn(RANK, code)) return undefined;
  return RANK[code as PermissionGroupCode];
}

/** Whether a user's primary group meets the required one. Unknown codes fail closed. */
export function hasRole(userCode: number | null | undefined, required: RequiredRole): boolean {
  const user = roleRank(userCode);
  const needed = roleRank(required);
  return user !== undefined && needed !== undefined && user <= needed;
}

export interface InspectorFields {
  readonly permissionGroupTypeCode2?: readonly number[] | number | null | undefined;
}

/** An inspector holds the inspector code among the second permission group codes (spec §6). */
export function isInspector(user: InspectorFields): boolean {
  const codes = user.permissionGroupTypeCode2;
  if (codes == null) return false;
  // Older payloads send a single code rather than a list.
  return typeof codes === 'number'
    ? codes === PERMISSION_GROUP.INSPECTOR
    : codes.includes(PERMISSION_GROUP.INSPECTOR);
}

export interface StaffFields {
  readonly isStaff?: boolean | null | undefined;
}

/** A platform admin: lists client organisations and may switch its own client (spec §6). */
export function isStaff(user: StaffFields): boolean {
  return user.isStaff === true;
}
