import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installChunkErrorHandler } from './app/chunkErrors.ts';
import { fetchHostProfile } from './app/hostProfile.tsx';
import { initI18n } from './i18n/index.ts';
import './app/global.css';

installChunkErrorHandler();
const [profile] = await Promise.all([fetchHostProfile(), initI18n()]);
document.title = profile.title[document.documentElement.lang] ?? document.title;
createRoot(document.getElementById('root') as HTMLElement).render(<App profile={profile} />);
