/**
 * The statistics entry (/stat-screen, 001 §2), full screen. The variant: large only when
 * localStorage BigScreen is 'true', otherwise small; the data screen ('数据大屏') with
 * ?variant=data, the same as StatOverview (/stat/overview), which the small variant's heading
 * links to. See look.ts.
 */
import { SCREENS, STORAGE_KEYS } from '@agrifleet/domain';
import { useSearchParams } from 'react-router';
import { StatFrame } from './Frame.tsx';
import { DataBody, LargeBody, SmallBody } from './layouts.tsx';
import { pickVariant, VARIANT_PARAM } from './look.ts';
import { useScreenLook } from './useScreenLook.ts';

export default function StatScreenPage() {
  const [params] = useSearchParams();
  const variant = pickVariant(localStorage.getItem(STORAGE_KEYS.BigScreen), params.get(VARIANT_PARAM));
  const look = useScreenLook(variant);
  const switchTo =
    variant === 'small'
      ? { label: look.t('toDataScreen'), to: SCREENS.StatOverview }
      : variant === 'data'
        ? { label: look.t('toOverview'), to: SCREENS.StatScreen }
        : undefined;
  return (
    <StatFrame look={look} switchTo={switchTo}>
      {variant === 'large' ? <LargeBody /> : variant === 'data' ? <DataBody /> : <SmallBody />}
    </StatFrame>
  );
}
