/**
 * The statistics entry (/stat-screen, 001 §2), full screen. The variant: large only when
 * localStorage BigScreen is 'true', otherwise small; the data screen ('数据大屏') with
 * ?variant=data, the same as StatOverview (/stat/overview), which the small variant's heading
 * links to where the user has that screen (the platform), and otherwise to ?variant=data. See look.ts.
 */
import { canAccessScreen, SCREENS, STORAGE_KEYS } from '@agrifleet/domain';
import { useSearchParams } from 'react-router';
import { subjectOf } from '../../app/access.ts';
import { useHostProfile } from '../../app/hostProfile.tsx';
import { useSessionUser } from '../../app/session.ts';
import { StatFrame } from './Frame.tsx';
import { DataBody, LargeBody, SmallBody } from './layouts.tsx';
import { pickVariant, VARIANT_PARAM } from './look.ts';
import { useScreenLook } from './useScreenLook.ts';

export default function StatScreenPage() {
  const [params] = useSearchParams();
  const variant = pickVariant(localStorage.getItem(STORAGE_KEYS.BigScreen), params.get(VARIANT_PARAM));
  const look = useScreenLook(variant);
  const dataScreen = useDataScreenPath();
  const switchTo =
    variant === 'small'
      ? { label: look.t('toDataScreen'), to: dataScreen }
      : variant === 'data'
        ? { label: look.t('toOverview'), to: SCREENS.StatScreen }
        : undefined;
  return (
    <StatFrame look={look} switchTo={switchTo}>
      {variant === 'large' ? <LargeBody /> : variant === 'data' ? <DataBody /> : <SmallBody />}
    </StatFrame>
  );
}

/** StatOverview where the user has it (000 §6: the platform), else this screen's data variant. */
function useDataScreenPath(): string {
  const user = useSessionUser();
  const host = useHostProfile();
  if (user && canAccessScreen(subjectOf(user, host), 'StatOverview')) return SCREENS.StatOverview;
  return `${SCREENS.StatScreen}?${VARIANT_PARAM}=data`;
}
