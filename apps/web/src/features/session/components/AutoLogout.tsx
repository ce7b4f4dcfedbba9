// The automatic-logout handler of the default layout (spec §2): session timers + warning dialog.
import { useSessionTimers } from '../timers/use-session-timers.ts';
import { SessionWarningDialog } from './SessionWarningDialog.tsx';

export function AutoLogout() {
  const { warningOpen, onContinue } = useSessionTimers();
  return <SessionWarningDialog open={warningOpen} onContinue={onContinue} />;
}
