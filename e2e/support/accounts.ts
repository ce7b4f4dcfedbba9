/**
 * Demo accounts seeded on a fresh database (README). The server allows 10 login attempts per
 * 15 min per IP and e-mail, and one run shares one server: spread logins over the accounts.
 */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Pipewise-demo-1';
export const ACCOUNTS = {
  admin: 'admin@demo.pipewise.local',
  worker: 'worker@demo.pipewise.local',
  viewer: 'viewer@demo.pipewise.local',
  jpAdmin: 'admin@jp.demo.pipewise.local',
  staff: 'staff@pipewise.local',
  /** Only the password-reset story uses this one: it changes its password. */
  inspector: 'inspector@demo.pipewise.local',
  /** The demo-mode (isDemo) guest: read-only. */
  guest: 'guest@demo.pipewise.local',
} as const;

/** Organisation codes new users register with (README). */
export const ORG_CODES = { us: 'DEMO-US', jp: 'DEMO-JP' } as const;
