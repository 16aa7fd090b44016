import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { homeRoutes } from '../features/home';
import { settingRoutes } from '../features/setting';
import { WithAntd } from '../shared/antd/with-antd';
import { ACCESS_DECLINED_PATH, LOGIN_PATH } from '../shared/auth/landing';
import { featureRoutes } from './feature-routes';
import { FuncGuard } from './func-guard';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import type { AppRoute } from './route-types';

// Every page is its own chunk: /login does not load the shell (Layout, Menu), any feature screen or antd.
const LoginPage = lazy(() => import('../features/auth/login-page'));
const ChangeUserPage = lazy(() => import('../features/auth/change-user-page'));
const MainLayout = lazy(() => import('../shared/layout/main-layout'));
const AccessDeclinedPage = lazy(() => import('../features/errors/access-declined-page'));
const NotFoundPage = lazy(() => import('../features/errors/not-found-page'));

/** Screens of the foundation itself (000 §2.2, §2.3 "/ and /ChangeUser", Settings). */
export const coreRoutes: AppRoute[] = [
  ...homeRoutes,
  { path: '/ChangeUser', component: ChangeUserPage },
  ...settingRoutes,
  { path: ACCESS_DECLINED_PATH, component: AccessDeclinedPage },
];

const toRoute = ({ path, funcId, component: Page, public: isPublic }: AppRoute): RouteObject => {
  const page = (
    <FuncGuard funcId={funcId}>
      <Page />
    </FuncGuard>
  );
  return {
    path,
    // A failing page (e.g. a chunk that no longer exists after a deploy) shows inside the shell.
    errorElement: <RouteError />,
    // Signed-in pages get antd from the shell (below); public ones load it with themselves.
    element: isPublic ? <WithAntd>{page}</WithAntd> : page,
  };
};

/** Builds the route tree: public pages, then everything else behind the login guard and main layout. */
export function buildRoutes(routes: AppRoute[] = featureRoutes): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        { path: LOGIN_PATH, element: <LoginPage /> },
        ...routes.filter((r) => r.public).map(toRoute),
        {
          element: (
            <RequireAuth>
              <WithAntd>
                <MainLayout />
              </WithAntd>
            </RequireAuth>
          ),
          children: [
            ...coreRoutes.map(toRoute),
            ...routes.filter((r) => !r.public).map(toRoute),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRoutes());
