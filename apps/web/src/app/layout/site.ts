/** Site title of this deployment in the UI language (host profile), else the app's own title. */
import { useTranslation } from 'react-i18next';
import { useHostProfile } from '../hostProfile.tsx';

export function useSiteTitle(): string {
  const host = useHostProfile();
  const { t, i18n } = useTranslation('common');
  return host.title[i18n.language] || t('appTitle');
}
