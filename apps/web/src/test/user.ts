// A User as GET /api/user/info sends it (snake_case), with overrides.
export function testUser(overrides: Record<string, unknown> = {}) {
  const units = { segment: 'm', diameter: 'mm', segment_large: 'km' };
  return {
    id: 7,
    full_name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: null,
    zip_code: '12345',
    extension: null,
    mobile: null,
    time_zone: 'Europe/Berlin',
    locale: 'en-US',
    language: 'en',
    units: { language: 'en', default: units, user: units, currency_code: 'USD' },
    receive_emails: true,
    country: 'US',
    permission_group_type_code: 1,
    permission_group_type_code2: [],
    is_staff: false,
    is_demo: false,
    auth_expiry: null,
    client: { id: 1, name: 'Springfield Water', details: { country: 'US' } },
    subscriptions: [],
    settings: { grid: false },
    ...overrides,
  };
}
