// The viewer of the COF scenarios in the current language (lib/viewer.ts).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cofViewer, type CofUser, type CofViewer } from '../lib/viewer.ts';

export function useCofViewer(user: CofUser): CofViewer {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => cofViewer(user, language), [user, language]);
}
