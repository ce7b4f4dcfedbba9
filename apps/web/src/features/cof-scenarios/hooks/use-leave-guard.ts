// Unsaved changes guard of the scenario editor: leaving inside the app (a link, back) asks first through the app's
// confirmation dialog; closing or reloading the tab gets the browser's own prompt. The app has no shared guard yet
// (lib/page-exit.ts only notes that the page is going away), so this one lives with its only user.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';

export function useLeaveGuard(dirty: boolean): void {
  const { t } = useTranslation('cof');
  const confirm = useConfirm();
  // Moving within the same page (a query string) is not leaving it.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  // Asked once per blocked navigation: the blocker object changes identity between renders, its state does not.
  const current = useRef(blocker);
  useEffect(() => {
    current.current = blocker;
  });
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    void confirm({
      title: t('leave.title'),
      description: t('leave.text'),
      action: t('leave.discard'),
      cancel: t('leave.stay'),
    }).then((leave) => {
      const b = current.current;
      if (b.state !== 'blocked') return;
      if (leave) b.proceed();
      else b.reset();
    });
  }, [blocked, confirm, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
