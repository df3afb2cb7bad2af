/**
 * StatOverview (/stat/overview), full screen: the data-screen variant ('数据大屏', 001 §2), translated,
 * in the user's area unit: six rankings, time of day and modes, foreign area over time, and the side
 * panel. The menu calls this screen the data screen; /stat-screen?variant=data shows the same.
 */
import { SCREENS } from '@agrifleet/domain';
import { StatFrame } from './Frame.tsx';
import { DataBody } from './layouts.tsx';
import { useScreenLook } from './useScreenLook.ts';

export default function StatOverviewPage() {
  const look = useScreenLook('data');
  return (
    <StatFrame look={look} switchTo={{ label: look.t('toOverview'), to: SCREENS.StatScreen }}>
      <DataBody />
    </StatFrame>
  );
}
