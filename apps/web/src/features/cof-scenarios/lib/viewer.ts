// Who looks at the COF scenarios, read once from the user the route passes in (features do not import each other:
// the session feature's CurrentUser fits this shape). Scenarios need the COF subscription (001 §6); changing them
// needs can(user, 'editCofScenarios') and no demo account (TBD-04/05, the server answers 403 otherwise).
import {
  can,
  hasSubscription,
  type DiameterUnit,
  type PermissionUser,
  type UnitSystem,
} from '@pipewise/domain';

export interface CofUser extends PermissionUser {
  isDemo: boolean;
  subscriptions: readonly string[];
  client: { id: number };
  units: { user: { diameter: 'mm' | 'in' } };
}

export interface CofViewer {
  hasCof: boolean;
  canEdit: boolean;
  language: string;
  unitSystem: UnitSystem;
  diameterUnit: DiameterUnit;
}

export function hasCofSubscription(user: CofUser): boolean {
  return hasSubscription({ subscriptions: user.subscriptions, clientId: user.client.id }, 'COF');
}

export function cofViewer(user: CofUser, language: string): CofViewer {
  const diameterUnit = user.units.user.diameter;
  return {
    hasCof: hasCofSubscription(user),
    canEdit: can(user, 'editCofScenarios') && !user.isDemo,
    language,
    unitSystem: diameterUnit === 'in' ? 'imperial' : 'metric',
    diameterUnit,
  };
}
