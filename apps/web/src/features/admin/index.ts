// Public surface of the admin feature (platform staff).
export { AdminPage } from './components/AdminPage.tsx';
export { AdminWorkflow } from './components/AdminWorkflow.tsx';
export { useAdminClients, getAdminClients, ADMIN_CLIENTS_KEY } from './api/get-admin-clients.ts';
export type { AdminClient } from './api/get-admin-clients.ts';
