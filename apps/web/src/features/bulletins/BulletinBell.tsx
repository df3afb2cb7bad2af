/**
 * The header's bell: the caller's unread bulletins (ordinary + anomaly), polled every 15 s and on
 * window focus (TanStack Query), refreshed at once after a read. Clicking opens BulletinList.
 * Mounted by the main layout only for users who have BulletinList.
 */
import { BULLETIN_UNREAD_CAP, SCREENS } from '@agrifleet/domain';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { bulletinsApi, UNREAD_KEY, UNREAD_POLL_MS } from './api.ts';

export function BulletinBell() {
  const { t } = useTranslation('bulletins');
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => bulletinsApi.unread(signal),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });
  const total = data?.total ?? 0;
  const label = t('bell.label', { count: total });
  return (
    <Tooltip title={data ? t('bell.detail', { ordinary: data.ordinary, anomaly: data.anomaly }) : label}>
      <Button
        type="text"
        className="bulletin-bell"
        aria-label={label}
        data-testid="bulletin-bell"
        data-count={data ? total : undefined}
        data-ordinary={data?.ordinary}
        onClick={() => navigate(SCREENS.BulletinList)}
        icon={
          <Badge count={total} overflowCount={BULLETIN_UNREAD_CAP} size="small" offset={[2, -2]}>
            <BellOutlined style={{ fontSize: 20 }} />
          </Badge>
        }
      />
    </Tooltip>
  );
}
