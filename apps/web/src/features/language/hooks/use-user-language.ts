// ACC-LANG-04/05: when the logged-in user's units arrive, apply their language; if they have not
// arrived 5 s after loading started, settle on the current locale. Mounted once by the app shell.
import { LANGUAGE_LOAD_FALLBACK_MS } from '@pipewise/domain';
import { useEffect, useState } from 'react';
import { i18n } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../session/index.ts';
import { applyLanguage } from '../apply.ts';
import { languageAfterUserLoad } from '../resolve.ts';
import { reportError } from '../../../lib/report-error.ts';

export function useUserLanguage(): void {
  const { data: user, isLoading } = useCurrentUser();
  const [timedOut, setTimedOut] = useState(false);
  const unitsLanguage = user?.units.language;

  useEffect(() => {
    if (!isLoading) return;
    const id = window.setTimeout(() => setTimedOut(true), LANGUAGE_LOAD_FALLBACK_MS);
    return () => window.clearTimeout(id);
  }, [isLoading]);

  useEffect(() => {
    if (!unitsLanguage && !timedOut) return;
    const lang = languageAfterUserLoad({ unitsLanguage, timedOut, current: i18n.language });
    if (lang) applyLanguage(lang).catch((err: unknown) => reportError('Language change failed', err));
  }, [unitsLanguage, timedOut]);
}
