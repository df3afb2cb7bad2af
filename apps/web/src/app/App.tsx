import type { Language, PublicHostProfile } from '@agrifleet/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, theme as antTheme, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { loadAntdLocale } from '../i18n/antdLocale.ts';
import { HostProfileContext } from './hostProfile.tsx';
import { LoadingBar } from './LoadingBar.tsx';
import { router } from './router.tsx';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function App({ profile, initialLocale }: { profile: PublicHostProfile; initialLocale: Locale }) {
  const { i18n } = useTranslation();
  const [locale, setLocale] = useState<Locale>(initialLocale);
  useEffect(() => {
    let live = true;
    void loadAntdLocale(i18n.language as Language).then((l) => live && setLocale(l));
    return () => {
      live = false;
    };
  }, [i18n.language]);

  return (
    <HostProfileContext.Provider value={profile}>
      <ConfigProvider
        locale={locale}
        theme={{
          algorithm: antTheme.defaultAlgorithm,
          token: { colorPrimary: profile.theme === 'alternative' ? '#1668dc' : '#18a058', borderRadius: 6 },
        }}
      >
        <AntApp>
          <QueryClientProvider client={queryClient}>
            <LoadingBar />
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </HostProfileContext.Provider>
  );
}
