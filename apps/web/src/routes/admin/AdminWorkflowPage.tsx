import { AdminWorkflow } from '../../features/admin/index.ts';

/** /admin/workflow/{id?}/{uuid} (ADM-01): client and user management. */
export function AdminWorkflowPage() {
  return <AdminWorkflow />;
}
