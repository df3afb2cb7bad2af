/** Logo and title of the deployment (000 §2): the host profile's, else the product's own title. */
import { useTranslation } from 'react-i18next';
import { useHostProfile } from '../../app/hostProfile.tsx';

export function useBrand() {
  const host = useHostProfile();
  const { t, i18n } = useTranslation('auth');
  return {
    host,
    logo: host.logo,
    title: host.title[i18n.language] || t('common:appTitle'),
    copyright: host.copyright,
  };
}
