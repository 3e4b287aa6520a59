import { createBrowserRouter, type RouteObject } from 'react-router';
import { PAGES, type PageRoute } from '../../contract/routes';
import { RouteErrorScreen } from '../components/error-boundary';
import { AppLayout } from './layout/app-layout';
import { Spinner } from '../components/ui/spinner';
import type { PageHandle } from './route-guard';

type PageModule = Record<string, React.ComponentType | undefined>;

// Every page module, each its own lazily loaded chunk; the manifest names which module and export a path shows.
const pageModules = import.meta.glob<PageModule>(['../pages/*.tsx', '!../pages/*.test.tsx']);

function pageRoute(page: PageRoute): RouteObject {
  const load = pageModules[`../pages/${page.module}.tsx`];
  if (!load) throw new Error(`contract/routes.ts: no client/pages/${page.module}.tsx for ${page.path}`);
  return {
    path: page.path,
    handle: { name: page.name, page } satisfies PageHandle,
    lazy: async () => {
      const Component = (await load())[page.component];
      if (!Component) throw new Error(`client/pages/${page.module}.tsx exports no ${page.component}`);
      return { Component };
    },
  };
}

/** The route table, derived from the page manifest (contract/routes.ts). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <Spinner />,
    children: PAGES.map(pageRoute),
  },
];

export const createRouter = () => createBrowserRouter(routes);
