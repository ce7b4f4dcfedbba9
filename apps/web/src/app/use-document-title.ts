// Sets the tab title from the deepest route's `handle.titleKey` (a `shell` key): "Map · Pipewise".
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

export interface RouteHandle {
  titleKey?: string;
}

export function useDocumentTitle(): void {
  const { t } = useTranslation('shell');
  const matches = useMatches();
  const key = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.titleKey)?.handle as
    RouteHandle | undefined;
  const title = key?.titleKey ? `${t(key.titleKey)} · Pipewise` : 'Pipewise';
  useEffect(() => {
    document.title = title;
  }, [title]);
}
