// The route table of spec §2. Pages and the logged-in layouts are lazy (one chunk each: lazy-layouts.ts) so the
// first load stays small; a failed chunk load shows up as a route error and reloads once (ERR-03).
import { Navigate, data, redirect } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { RouteErrorPage } from '../components/error-page/index.ts';
import { mapViewLoader } from '../routes/map/map-views.ts';
import { reportLoader } from '../routes/reports/report-types.ts';
import { cofScenarioLoader } from '../routes/cof/scenario-id.ts';
import { BootSplash } from './BootSplash.tsx';
import { alwaysRevalidate, guardLoader } from './guard-loader.ts';
import type { RouteHandle } from './use-document-title.ts';
import { GuestLayout } from './layouts/GuestLayout.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { defaultLayout, loadHomePage, staticLayout } from './lazy-layouts.ts';

const account = () => import('../features/account/index.ts');

const notFound = () => {
  throw data({ message: 'Not found' }, { status: 404 });
};

type Loader = (args: LoaderFunctionArgs) => unknown;

/**
 * A page of the default layout. Its loader first validates the URL (an invalid view is a 404 even
 * without data), then applies the noData guard, which lives on each page rather than on the layout
 * because parent and child loaders run in parallel and a redirect would hide the 404.
 */
function appPage(
  path: string,
  titleKey: string,
  lazy: RouteObject['lazy'],
  validate?: Loader,
  embeddedErrors = false,
): RouteObject {
  const noData = guardLoader(['noData']);
  return {
    path,
    lazy,
    handle: { titleKey } satisfies RouteHandle,
    loader: async (args: LoaderFunctionArgs) => {
      validate?.(args);
      return noData(args);
    },
    ...(embeddedErrors && { errorElement: <RouteErrorPage embedded /> }),
  } as RouteObject;
}

const appPages: RouteObject[] = [
  appPage('home', 'tabs.dashboard', async () => ({ Component: (await loadHomePage()).HomePage })),
  appPage(
    'map/:view?',
    'pages.map.title',
    async () => ({ Component: (await import('../routes/map/MapPage.tsx')).MapPage }),
    mapViewLoader,
    true,
  ),
  // Issue 39: the renewal programme, a page of the planner (a static segment outranks the view alias).
  appPage('planner/programme', 'pages.programme.title', async () => ({
    Component: (await import('../routes/planner/ProgrammePage.tsx')).ProgrammePage,
  })),
  appPage(
    'planner/:view?',
    'pages.planner.title',
    async () => ({ Component: (await import('../routes/map/MapPage.tsx')).PlannerPage }),
    mapViewLoader,
    true,
  ),
  appPage('data', 'pages.data.title', async () => ({
    Component: (await import('../routes/data/DataPage.tsx')).DataPage,
  })),
  appPage('data/import', 'data:wizard.title', async () => ({
    Component: (await import('../routes/data/DataImportPage.tsx')).DataImportPage,
  })),
  appPage('data/scheduled-imports', 'data:scheduled.title', async () => ({
    Component: (await import('../routes/data/ScheduledImportsPage.tsx')).ScheduledImportsPage,
  })),
  appPage('data/unavailable', 'pages.dataUnavailable.title', async () => ({
    Component: (await import('../routes/data/DataUnavailablePage.tsx')).DataUnavailablePage,
  })),
  appPage('data/export', 'pages.exports.title', async () => ({
    Component: (await import('../routes/data/DataExportPage.tsx')).DataExportPage,
  })),
  appPage('data/virtual-pipes', 'virtualpipes:title', async () => ({
    Component: (await import('../routes/data/VirtualPipesPage.tsx')).VirtualPipesPage,
  })),
  appPage(
    'reports/:report',
    'tabs.reports',
    async () => ({ Component: (await import('../routes/reports/ReportPage.tsx')).ReportPage }),
    reportLoader,
    true,
  ),
  appPage('cof/scenarios', 'pages.cofScenarios.title', async () => ({
    Component: (await import('../routes/cof/CofScenariosPage.tsx')).CofScenariosPage,
  })),
  appPage(
    'cof/scenarios/:id',
    'pages.cofScenarios.title',
    async () => ({ Component: (await import('../routes/cof/CofScenarioPage.tsx')).CofScenarioPage }),
    cofScenarioLoader,
  ),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <BootSplash />,
    children: [
      // The loader redirects before anything renders; the element keeps React Router from warning that the leaf
      // route at / renders nothing (issue 15).
      { index: true, loader: () => redirect('/home'), element: <Navigate to="/home" replace /> },
      // A section's bare address, typed or kept from a link, opens its first page (as the Reports tab does) instead
      // of the 404 page.
      ...(
        [
          ['reports', '/reports/asset'],
          ['cof', '/cof/scenarios'],
        ] as const
      ).map(([path, to]) => ({ path, loader: () => redirect(to), element: <Navigate to={to} replace /> })),
      {
        element: <GuestLayout />,
        loader: guardLoader(['headers', 'guest']),
        shouldRevalidate: alwaysRevalidate,
        children: [
          {
            path: 'user/login',
            handle: { titleKey: 'titles.login' },
            lazy: async () => ({ Component: (await account()).LoginPage }),
          },
          {
            // CHECKLIST SHELL-ROUTE-09 is a conflict: the Register link points here, yet 000 §2 lists no
            // such route. We keep the link and add the page (the TBD-01 suggestion: a guest-layout sign-up).
            path: 'user/register',
            handle: { titleKey: 'titles.register' },
            lazy: async () => ({ Component: (await account()).RegisterPage }),
          },
          {
            path: 'user/reset',
            handle: { titleKey: 'titles.reset' },
            lazy: async () => ({ Component: (await account()).ResetPasswordPage }),
          },
          {
            // Issue 17: the contact-us form for visitors without an account, linked from the login page.
            path: 'user/contact',
            handle: { titleKey: 'titles.contact' },
            lazy: async () => ({ Component: (await account()).ContactPage }),
          },
        ],
      },
      {
        lazy: staticLayout,
        loader: guardLoader(['headers', 'auth']),
        shouldRevalidate: alwaysRevalidate,
        children: [
          {
            path: 'user/changePassword',
            handle: { titleKey: 'titles.changePassword' },
            lazy: async () => ({ Component: (await account()).ChangePasswordPage }),
          },
          {
            path: 'user/settings',
            handle: { titleKey: 'titles.settings' },
            lazy: async () => ({ Component: (await account()).SettingsPage }),
          },
          {
            path: 'user/feedback',
            handle: { titleKey: 'titles.feedback' },
            lazy: async () => ({ Component: (await import('../features/feedback/index.ts')).FeedbackPage }),
          },
          {
            // Staff tools live outside the default layout so the noData guard never hides them.
            path: 'admin',
            handle: { titleKey: 'pages.admin.title' },
            lazy: async () => ({ Component: (await import('../features/admin/index.ts')).AdminPage }),
          },
          // Client and user management: a new client's administrator invites users before any data exists.
          ...['admin/workflow', 'admin/workflow/:id?/:uuid'].map((path) => ({
            path,
            handle: { titleKey: 'pages.admin.title' },
            lazy: async () => ({
              Component: (await import('../routes/admin/AdminWorkflowPage.tsx')).AdminWorkflowPage,
            }),
          })),
        ],
      },
      {
        lazy: defaultLayout,
        // noData is applied per page (appPage) so URL validation comes first.
        loader: guardLoader(['headers', 'auth']),
        shouldRevalidate: alwaysRevalidate,
        children: appPages,
      },
      {
        // Unknown paths: the 404 page in the static layout, open to everyone, so a logged-out visitor
        // sees the top bar's Login and Register links (SHELL-TOP-06) instead of a dead end.
        lazy: staticLayout,
        children: [
          {
            path: '*',
            handle: { titleKey: 'error.notFound' },
            loader: notFound,
            errorElement: <RouteErrorPage embedded />,
            element: null,
          },
        ],
      },
    ],
  },
];
