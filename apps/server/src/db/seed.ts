// Demo data on first start (idempotent: skipped as soon as any user exists). Client ids are fixed: the US demo
// is 1 and the JP demo 2, never 47 (JP_EXCEPTION_CLIENT_ID), so the Japan client mode applies to client 2.
import { CLIENT_STATUS, PERMISSION_GROUP, SUBSCRIPTIONS } from '@pipewise/domain';
import type { UnitChoice } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password.ts';
import { insertClient, insertOrganisation } from '../modules/clients/clients.repository.ts';
import { countUsers, insertUser } from '../modules/users/users.repository.ts';
import { withSystem, type Db } from './database.ts';

export interface DemoAccount {
  email: string;
  role: string;
  client: string;
}

const JP_UNITS: UnitChoice = { segment: 'm', diameter: 'mm', segment_large: 'km' };

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@demo.pipewise.local', role: 'ADMINISTRATOR', client: 'US demo (1)' },
  { email: 'worker@demo.pipewise.local', role: 'WORKER', client: 'US demo (1)' },
  { email: 'viewer@demo.pipewise.local', role: 'VIEWER', client: 'US demo (1)' },
  { email: 'inspector@demo.pipewise.local', role: 'WORKER + INSPECTOR', client: 'US demo (1)' },
  { email: 'admin@jp.demo.pipewise.local', role: 'ADMINISTRATOR (ja)', client: 'JP demo (2)' },
  { email: 'staff@pipewise.local', role: 'SUPERADMIN, staff', client: 'US demo (1)' },
  { email: 'guest@demo.pipewise.local', role: 'VIEWER, demo mode', client: 'US demo (1)' },
];

/** Returns true when it seeded, false when users already existed. */
export async function seedDemo(db: Db, password: string): Promise<boolean> {
  // Checked before hashing: argon2 costs ~0.3 s, which every later start would pay for nothing.
  if ((await withSystem(db, countUsers)) > 0) return false;
  const passwordHash = await hashPassword(password);
  return withSystem(db, async (tx) => {
    if ((await countUsers(tx)) > 0) return false;
    const org = await insertOrganisation(tx, 'Pipewise Demo');
    const us = await insertClient(tx, {
      id: 1,
      name: 'Demo Water Utility (US)',
      organizationId: org.id,
      clientStatusTypeCode: CLIENT_STATUS.ACTIVE,
      isPaying: true,
      authCode: 2, // PAID_PRO
      subscriptions: [...SUBSCRIPTIONS],
      registrationCode: 'DEMO-US',
      locale: 'en-US',
      country: 'US',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    });
    const jp = await insertClient(tx, {
      id: 2,
      name: 'デモ水道局 (Japan demo)',
      organizationId: org.id,
      clientStatusTypeCode: CLIENT_STATUS.ACTIVE,
      isPaying: true,
      authCode: 1, // PAID_BASE
      subscriptions: ['COF', 'LOF', 'RUL', 'VP', 'POPULATION'],
      registrationCode: 'DEMO-JP',
      locale: 'ja-JP',
      country: 'JP',
      city: '東京都',
      zipCode: '100-0001',
    });
    // Explicit ids above do not advance the serial: move it past them.
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('clients', 'id'), (SELECT max(id) FROM clients))`,
    );
    // The seeded accounts are ordinary users of the demo utilities, so every screen can be tried.
    // Only the guest has the spec's isDemo flag (read-only, map limited to the demo box: TBD-05).
    const base = { passwordHash, isDemo: false, country: 'US', language: 'en', locale: 'en-US' };
    const { ADMINISTRATOR, WORKER, VIEWER, SUPERADMIN, INSPECTOR } = PERMISSION_GROUP;
    await insertUser(tx, {
      ...base,
      clientId: us.id,
      email: DEMO_ACCOUNTS[0]!.email,
      fullName: 'Alex Admin',
      permissionGroupTypeCode: ADMINISTRATOR,
    });
    await insertUser(tx, {
      ...base,
      clientId: us.id,
      email: DEMO_ACCOUNTS[1]!.email,
      fullName: 'Wendy Worker',
      permissionGroupTypeCode: WORKER,
    });
    await insertUser(tx, {
      ...base,
      clientId: us.id,
      email: DEMO_ACCOUNTS[2]!.email,
      fullName: 'Victor Viewer',
      permissionGroupTypeCode: VIEWER,
    });
    await insertUser(tx, {
      ...base,
      clientId: us.id,
      email: DEMO_ACCOUNTS[3]!.email,
      fullName: 'Ivy Inspector',
      permissionGroupTypeCode: WORKER,
      permissionGroupTypeCode2: [INSPECTOR],
    });
    await insertUser(tx, {
      ...base,
      clientId: jp.id,
      email: DEMO_ACCOUNTS[4]!.email,
      fullName: '山田 太郎',
      permissionGroupTypeCode: ADMINISTRATOR,
      country: 'JP',
      language: 'ja',
      locale: 'ja-JP',
      timeZone: 'Asia/Tokyo',
      units: JP_UNITS,
    });
    await insertUser(tx, {
      ...base,
      clientId: us.id,
      email: DEMO_ACCOUNTS[5]!.email,
      fullName: 'Sam Staff',
      permissionGroupTypeCode: SUPERADMIN,
      isStaff: true,
    });
    await insertUser(tx, {
      ...base,
      clientId: us.id,
      email: DEMO_ACCOUNTS[6]!.email,
      fullName: 'Gina Guest',
      permissionGroupTypeCode: VIEWER,
      isDemo: true,
    });
    return true;
  });
}
