/** Demo accounts seeded on a fresh database (README). */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Pipewise-demo-1';
export const ACCOUNTS = {
  admin: 'admin@demo.pipewise.local',
  worker: 'worker@demo.pipewise.local',
  viewer: 'viewer@demo.pipewise.local',
  jpAdmin: 'admin@jp.demo.pipewise.local',
  staff: 'staff@pipewise.local',
} as const;
