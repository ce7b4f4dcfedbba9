// Whether the signed-in user may import data (@pipewise/domain `can`, CHECKLIST TBD-04: administrators).
import { can } from '@pipewise/domain';
import { useCurrentUser } from '../../session/index.ts';

export function useCanImport(): boolean {
  const { data: user } = useCurrentUser();
  return user != null && can(user, 'importData');
}
