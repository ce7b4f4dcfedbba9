// The changes of an audit entry as an administrator reads them (issue 38: the log showed raw field names such as
// `permissionGroupTypeCode: 3`): each field by the label the forms use, each code by its name (role, status), yes and
// no for switches, dates in the user's language. A field the map does not know is shown by its words, never dropped.
import type { TFunction } from 'i18next';

type Value = unknown;
interface Field {
  label: string;
  value?: (v: Value) => string;
}

const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function plain(t: TFunction, v: Value): string {
  if (v === null || v === undefined || v === '') return t('audit.value.none');
  if (typeof v === 'boolean') return t(v ? 'audit.value.yes' : 'audit.value.no');
  if (Array.isArray(v)) return v.length === 0 ? t('audit.value.none') : v.map((x) => plain(t, x)).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function fields(t: TFunction, language: string): Record<string, Field> {
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  return {
    fullName: { label: t('workflow.users.name') },
    email: { label: t('workflow.users.email') },
    permissionGroupTypeCode: {
      label: t('workflow.users.role'),
      value: (v) => t(`workflow.role.${String(v)}`),
    },
    isInspector: { label: t('workflow.users.inspector') },
    isStaff: { label: t('workflow.users.staff') },
    twoFactorEnabled: { label: t('workflow.users.twoFactor') },
    isActive: { label: t('workflow.users.active') },
    extension: { label: t('workflow.users.extension') },
    mobile: { label: t('workflow.users.mobile') },
    name: { label: t('workflow.client.name') },
    clientStatusTypeCode: { label: t('clients.status'), value: (v) => t(`clients.statusCode.${String(v)}`) },
    authorizationExpiry: {
      label: t('workflow.client.expiry'),
      value: (v) => (typeof v === 'string' ? date.format(new Date(v)) : t('audit.value.none')),
    },
    subscriptions: { label: t('clients.subscriptions') },
    requireTwoFactor: { label: t('details.requireTwoFactor') },
    joinDomains: { label: t('details.joinDomains') },
    registrationCode: {
      label: t('details.registrationCode'),
      value: (v) => (v === 'new' ? t('audit.value.newCode') : plain(t, v)),
    },
    organizationId: { label: t('audit.field.organisation') },
    previousName: { label: t('audit.field.previousName') },
    awaitingApproval: { label: t('audit.field.awaitingApproval') },
    mails: { label: t('audit.field.mails') },
    subjects: { label: t('audit.field.subjects') },
    grid: { label: t('details.grid') },
    image: { label: t('audit.field.image') },
    contactNumber: { label: t('details.fields.contactNumber') },
    street: { label: t('details.fields.street') },
    city: { label: t('details.fields.city') },
    state: { label: t('details.fields.state') },
    zipCode: { label: t('details.fields.zipCode') },
    country: { label: t('details.fields.country') },
    locale: { label: t('details.fields.locale') },
  };
}

/** `label: value` pairs of one entry; the client's details (a nested object) are listed field by field. */
export function auditChanges(t: TFunction, language: string, changes: Record<string, Value>): string[] {
  const known = fields(t, language);
  const pair = (key: string, v: Value) => {
    const field = known[key];
    return `${field?.label ?? words(key)}: ${field?.value ? field.value(v) : plain(t, v)}`;
  };
  return Object.entries(changes).flatMap(([key, v]) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.entries(v as Record<string, Value>).map(([k2, v2]) => pair(k2, v2))
      : [pair(key, v)],
  );
}
