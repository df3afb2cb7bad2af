/**
 * FlightControl (/business_manage/flight-control, 001 §2; platform and manufacturer accounts): the
 * control panel of group control, with each drone's own flight settings and commands.
 */
import { useTranslation } from 'react-i18next';
import { ControlPanel } from './ControlPanel.tsx';

export default function FlightControlPage() {
  const { t } = useTranslation('common');
  return <ControlPanel screen="FlightControl" title={t('screen.FlightControl')} perDrone />;
}
