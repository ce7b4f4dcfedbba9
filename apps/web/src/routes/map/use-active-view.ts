// The active analysis view: the last path segment of /map/{alias} or /planner/{alias} (spec 000 §2), checked
// against what the user and dataset may see (spec 000 §4). A view that is not shown falls back to installYear
// and the address follows (MAP-VIEW-12); choosing a view rewrites only the last segment (MAP-VIEW-02).
import {
  VIEW_DEFINITIONS,
  resolveView,
  visibleViews,
  type ViewContext,
  type ViewDefinition,
} from '@pipewise/domain';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

export function viewPath(pathname: string, alias: string): string {
  const [, base] = /^\/(map|planner)(\/|$)/.exec(pathname) ?? [undefined, 'map'];
  return `/${base}/${alias}`;
}

export function useActiveView(ctx: ViewContext) {
  const { view: alias } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const key = resolveView(alias, ctx);
  const view = VIEW_DEFINITIONS[key];
  const views = useMemo(() => visibleViews(ctx), [ctx]);
  useEffect(() => {
    // Only an address naming another view is rewritten; a bare /map keeps its address.
    if (alias !== undefined && alias !== view.alias) {
      void navigate(viewPath(pathname, view.alias), { replace: true });
    }
  }, [alias, view.alias, pathname, navigate]);
  const select = (next: ViewDefinition) => void navigate(viewPath(pathname, next.alias));
  return { view, views, select };
}
