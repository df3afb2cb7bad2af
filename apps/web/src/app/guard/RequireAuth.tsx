/**
 * The route guard of every non-public route (000 §4): a refresh token in the address query is tried
 * first (failure: Login; success: stored, and the query leaves the address after 2 seconds); without a
 * valid login the user goes to Login; once per session it loads the rental models, the manufacturers
 * and a fresh user info before rendering. It also routes HTTP 401 answers to Login (000 §8).
 */
import { type LoginResult, PUBLIC_PATHS } from '@agrifleet/domain';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate, useSearchParams } from 'react-router';
import { http, setUnauthorizedHandler } from '../../api/http.ts';
import { PageSpinner } from '../PageSpinner.tsx';
import { session, useSessionUser } from '../session.ts';
import { manufacturersQuery, rentalModelsQuery, userInfoQuery } from './sessionQueries.ts';

export const REFRESH_TOKEN_PARAM = 'refreshToken';
/** How long the refresh token stays visible in the address after a successful refresh (000 §4). */
export const REFRESH_QUERY_LINGER_MS = 2_000;

function useUnauthorizedToLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (window.location.pathname.startsWith(PUBLIC_PATHS.login)) return;
      session.clear();
      queryClient.clear();
      navigate(PUBLIC_PATHS.login, { replace: true });
    });
  }, [navigate, queryClient]);
}

/** Exchanges the address's refresh token for a login; null when the address carries none. */
function useQueryRefresh() {
  const [params, setParams] = useSearchParams();
  const token = params.get(REFRESH_TOKEN_PARAM);
  const refresh = useQuery({
    queryKey: ['refreshToken', token],
    enabled: !!token,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async () => {
      const login = await http.post<LoginResult>(
        'user/baseaccount/refreshToken',
        { refreshToken: token },
        { public: true },
      );
      session.save(login);
      return true;
    },
  });
  const succeeded = refresh.isSuccess;
  useEffect(() => {
    if (!token || !succeeded) return;
    const timer = window.setTimeout(() => {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete(REFRESH_TOKEN_PARAM);
          return next;
        },
        { replace: true },
      );
    }, REFRESH_QUERY_LINGER_MS);
    return () => window.clearTimeout(timer);
  }, [token, succeeded, setParams]);
  if (!token) return null;
  return refresh.isPending ? 'pending' : refresh.isError ? 'failed' : 'ok';
}

export function RequireAuth() {
  useUnauthorizedToLogin();
  const refresh = useQueryRefresh();
  const user = useSessionUser();
  const valid = refresh !== 'pending' && refresh !== 'failed' && session.isValid() && user !== null;
  const userId = valid && user ? user.userId : 0;
  const lookups = useQueries({
    queries: [userInfoQuery(userId), rentalModelsQuery(userId), manufacturersQuery(userId)].map((q) => ({
      ...q,
      enabled: userId > 0,
    })),
  });

  if (refresh === 'pending') return <PageSpinner />;
  if (refresh === 'failed' || !valid) return <Navigate to={PUBLIC_PATHS.login} replace />;
  // Once per session: wait for the first answers (failures fall back to the stored user info).
  if (lookups.some((q) => q.isPending)) return <PageSpinner />;
  return <Outlet />;
}
