/**
 * Every route of the spec. Public pages render alone; the rest pass the route guard, then either
 * render full-screen (StatScreen, StatOverview) or inside the main layout.
 */
import { FULL_SCREEN, PUBLIC_PATHS, REDIRECT_TO_ACCOUNT, SCREENS, type Screen } from '@agrifleet/domain';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HomeRedirect } from './guard/HomeRedirect.tsx';
import { RouteError } from './guard/RouteError.tsx';
import { ScreenRoute } from './guard/ScreenRoute.tsx';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

// Each screen has its own error element so a failing page shows its error inside the layout.
const screenRoute = (screen: Screen): RouteObject => ({
  path: SCREENS[screen],
  element: <ScreenRoute screen={screen} />,
  errorElement: <RouteError />,
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
    path: PUBLIC_PATHS.sandboxPay,
    lazy: page(() => import('../features/leasing/SandboxPayPage.tsx')),
    errorElement: <RouteError />,
  },
  {
    // The guard and the layout load lazily: the login page does not carry them.
    lazy: async () => ({ Component: (await import('./guard/RequireAuth.tsx')).RequireAuth }),
    errorElement: <RouteError />,
    children: [
      ...FULL_SCREEN.map(screenRoute),
      {
        lazy: async () => ({ Component: (await import('./layout/MainLayout.tsx')).MainLayout }),
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
