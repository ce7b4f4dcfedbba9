// Demo data on first start (idempotent: skipped as soon as any user exists). Client ids are fixed: the US demo
// is 1 and the JP demo 2, never 47 (JP_EXCEPTION_CLIENT_ID), so the Japan client mode applies to client 2.
import { CLIENT_STATUS, PERMISSION_GROUP, SUBSCRIPTIONS } from '@pipewise/domain';
import type { UnitChoice } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password.ts';
import { insertClient, insertOrganisation } from '../modules/clients/clients.repository.ts';
import { countUsers, insertUser, type NewUser } from '../modules/users/users.repository.ts';
import { withSystem, type Db } from './database.ts';

const JP_UNITS: UnitChoice = { segment: 'm', diameter: 'mm', segment_large: 'km' };
const JP_USER = { country: 'JP', language: 'ja', locale: 'ja-JP', timeZone: 'Asia/Tokyo', units: JP_UNITS };
const { ADMINISTRATOR, WORKER, VIEWER, SUPERADMIN, INSPECTOR } = PERMISSION_GROUP;

/** One row per seeded account: what the start banner prints (role, client) and what is stored. */
export interface DemoAccount {
  email: string;
  role: string;
  client: string;
  user: Omit<NewUser, 'email' | 'passwordHash' | 'clientId'> & { clientId: 1 | 2 };
}

const US = 'US demo (1)';
// The seeded accounts are ordinary users of the demo utilities, so every screen can be tried.
// Only the guest has the spec's isDemo flag (read-only, map limited to the demo box: TBD-05).
/** The organisation codes of the demo clients the seed makes: any other client is a real tenant. */
export const DEMO_CLIENT_CODES = ['DEMO-US', 'DEMO-JP'] as const;

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@demo.pipewise.local',
    role: 'ADMINISTRATOR',
    client: US,
    user: { clientId: 1, fullName: 'Alex Admin', permissionGroupTypeCode: ADMINISTRATOR },
  },
  {
    email: 'worker@demo.pipewise.local',
    role: 'WORKER',
    client: US,
    user: { clientId: 1, fullName: 'Wendy Worker', permissionGroupTypeCode: WORKER },
  },
  {
    email: 'viewer@demo.pipewise.local',
    role: 'VIEWER',
    client: US,
    user: { clientId: 1, fullName: 'Victor Viewer', permissionGroupTypeCode: VIEWER },
  },
  {
    email: 'inspector@demo.pipewise.local',
    role: 'WORKER + INSPECTOR',
    client: US,
    user: {
      clientId: 1,
      fullName: 'Ivy Inspector',
      permissionGroupTypeCode: WORKER,
      permissionGroupTypeCode2: [INSPECTOR],
    },
  },
  {
    email: 'admin@jp.demo.pipewise.local',
    role: 'ADMINISTRATOR (ja)',
    client: 'JP demo (2)',
    user: { clientId: 2, fullName: '山田 太郎', permissionGroupTypeCode: ADMINISTRATOR, ...JP_USER },
  },
  {
    email: 'staff@pipewise.local',
    role: 'SUPERADMIN, staff',
    client: US,
    user: { clientId: 1, fullName: 'Sam Staff', permissionGroupTypeCode: SUPERADMIN, isStaff: true },
  },
  {
    email: 'guest@demo.pipewise.local',
    role: 'VIEWER, demo mode',
    client: US,
    user: { clientId: 1, fullName: 'Gina Guest', permissionGroupTypeCode: VIEWER, isDemo: true },
  },
];

/** Returns true when it seeded, false when users already existed. */
export async function seedDemo(db: Db, password: string): Promise<boolean> {
  // Checked before hashing: argon2 costs ~0.3 s, which every later start would pay for nothing.
  if ((await withSystem(db, countUsers)) > 0) return false;
  const passwordHash = await hashPassword(password);
  return withSystem(db, async (tx) => {
    if ((await countUsers(tx)) > 0) return false;
    const org = await insertOrganisation(tx, 'Pipewise Demo');
    await insertClient(tx, {
      id: 1,
      name: 'Demo Water Utility (US)',
      organizationId: org.id,
      clientStatusTypeCode: CLIENT_STATUS.ACTIVE,
      isPaying: true,
      authCode: 2, // PAID_PRO
      subscriptions: [...SUBSCRIPTIONS],
      registrationCode: 'DEMO-US',
      // Anyone may try the demo with its code (issue 37: a utility's own clients approve each sign-up).
      joinDomains: ['*'],
      locale: 'en-US',
      country: 'US',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    });
    await insertClient(tx, {
      id: 2,
      name: 'デモ水道局 (Japan demo)',
      organizationId: org.id,
      clientStatusTypeCode: CLIENT_STATUS.ACTIVE,
      isPaying: true,
      authCode: 1, // PAID_BASE
      subscriptions: ['COF', 'LOF', 'RUL', 'VP', 'POPULATION'],
      registrationCode: 'DEMO-JP',
      joinDomains: ['*'],
      locale: 'ja-JP',
      country: 'JP',
      city: '東京都',
      zipCode: '100-0001',
    });
    // Explicit ids above do not advance the serial: move it past them.
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('clients', 'id'), (SELECT max(id) FROM clients))`,
    );
    const defaults = { passwordHash, isDemo: false, country: 'US', language: 'en', locale: 'en-US' };
    for (const account of DEMO_ACCOUNTS) {
      await insertUser(tx, { ...defaults, ...account.user, email: account.email });
    }
    return true;
  });
}
