/**
 * Every route of the spec. Public pages render alone; the rest pass the route guard, then either
 * render full-screen (StatScreen, StatOverview) or inside the main layout.
 */
import { FULL_SCREEN, PUBLIC_PATHS, REDIRECT_TO_ACCOUNT, SCREENS, type Screen } from '@agrifleet/domain';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HomeRedirect } from './guard/HomeRedirect.tsx';
import { RequireAuth } from './guard/RequireAuth.tsx';
import { RouteError } from './guard/RouteError.tsx';
import { ScreenRoute } from './guard/ScreenRoute.tsx';
import { MainLayout } from './layout/MainLayout.tsx';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const screenRoute = (screen: Screen): RouteObject => ({
  path: SCREENS[screen],
  element: <ScreenRoute screen={screen} />,
});

const ALL = Object.keys(SCREENS) as Screen[];

export const routes: RouteObject[] = [
  {
    path: PUBLIC_PATHS.login,
    lazy: page(() => import('../features/auth/LoginPage.tsx')),
    errorElement: <RouteError />,
  },
  {
    path: PUBLIC_PATHS.register,
    lazy: page(() => import('../features/auth/RegisterPage.tsx')),
    errorElement: <RouteError />,
  },
  {
    path: PUBLIC_PATHS.retrievePassword,
    lazy: page(() => import('../features/auth/RetrievePasswordPage.tsx')),
    errorElement: <RouteError />,
  },
  {
    element: <RequireAuth />,
    errorElement: <RouteError />,
    children: [
      ...FULL_SCREEN.map(screenRoute),
      {
        element: <MainLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRedirect /> },
          ...ALL.filter((s) => !FULL_SCREEN.includes(s)).map(screenRoute),
          { path: REDIRECT_TO_ACCOUNT, element: <Navigate to={SCREENS.AccountDetail} replace /> },
          { path: '*', element: <HomeRedirect /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
