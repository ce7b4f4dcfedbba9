// A language change (spec §4). Logged out (login/guest screens): remember it in `login_language`
// and switch at once. Logged in: save it through PUT language-timezone (keeping the user's time zone
// and locale), then switch. The demo guest's choice stays local. Errors are only logged (ACC-LANG-08).
import type { Language } from '@pipewise/domain';
import { queryClient } from '../../lib/query-client.ts';
import { USER_INFO_KEY } from '../session/index.ts';
import type { CurrentUser } from '../session/index.ts';
import { putLanguageTimezone } from './api/put-language-timezone.ts';
import { applyLanguage } from './apply.ts';
import { storeLoginLanguage } from './persistence.ts';
import { reportError } from '../../lib/report-error.ts';

export async function changeLanguage(lang: Language, user: CurrentUser | undefined): Promise<void> {
  try {
    if (user?.isDemo) {
      // The demo guest is one account shared by every visitor, and the server refuses its changes (issue 18):
      // the choice stays in this browser, like a logged-out visitor's, and in the cached user for this visit.
      storeLoginLanguage(lang);
      queryClient.setQueryData<CurrentUser>(USER_INFO_KEY, (old) => (old ? { ...old, language: lang } : old));
    } else if (user) {
      const saved = await putLanguageTimezone({
        timeZone: user.timeZone,
        locale: user.locale,
        language: lang,
      });
      // Keep the cached user in step, so the load-time rule does not switch back to the old language.
      queryClient.setQueryData<CurrentUser>(USER_INFO_KEY, (old) =>
        old ? { ...old, language: saved.language, units: saved.units } : old,
      );
    } else {
      storeLoginLanguage(lang);
    }
    await applyLanguage(lang);
  } catch (err) {
    reportError('Language change failed', err);
  }
}
