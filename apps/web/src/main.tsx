import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installChunkErrorHandler } from './app/chunkErrors.ts';
import { fetchHostProfile } from './app/hostProfile.tsx';
import { loadAntdLocale } from './i18n/antdLocale.ts';
import { initI18n, storedLanguage } from './i18n/index.ts';
import { setStatTimeZone } from './lib/statDay.ts';
import './app/global.css';

installChunkErrorHandler();
// antd's locale is there before the first render: ConfigProvider changes its tree when a locale
// first arrives, which would remount the page (and reset forms) under a user's hands.
const [profile, , locale] = await Promise.all([
  fetchHostProfile(),
  initI18n(),
  loadAntdLocale(storedLanguage()),
]);
// Days, periods and times in the server's statistics time zone, whatever the browser's (issue 21).
setStatTimeZone(profile.statTimeZone);
document.title = profile.title[document.documentElement.lang] ?? document.title;
createRoot(document.getElementById('root') as HTMLElement).render(
  <App profile={profile} initialLocale={locale} />,
);
