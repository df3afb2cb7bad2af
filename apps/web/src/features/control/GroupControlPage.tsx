/**
 * GroupControl (/business_manage/group-control, 001 §2): choose drones (droneIds), send them flight
 * settings (width, height, speed), a planned route, and the commands start, pause, resume and return
 * home; every command's state is shown as the drones answer.
 */
import { useTranslation } from 'react-i18next';
import { ControlPanel } from './ControlPanel.tsx';

export default function GroupControlPage() {
  const { t } = useTranslation('common');
  return <ControlPanel screen="GroupControl" title={t('screen.GroupControl')} routes />;
}
