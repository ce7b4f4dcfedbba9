import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../lib/navigation.ts';
import { routes } from './routes.tsx';

/** History-mode router (SHELL-ROUTE-11); code outside React navigates through it (lib/navigation). */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to, opts) => router.navigate(to, opts));
  return router;
}
