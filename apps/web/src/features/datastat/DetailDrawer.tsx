/**
 * The drawer of a stat item's detail (computed by the server when asked), or of a preview of
 * settings not stored yet. An item refreshes itself every refreshFre seconds while the drawer is
 * open (TanStack Query's interval, stopped when the drawer closes and its content unmounts); with
 * refreshFre 0 the refresh button is the only way. A failed load shows the server's message.
 */

import type { StatItem, StatSettingsInput } from '@agrifleet/domain';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Space, Spin, Tag } from 'antd';
import type { Translate } from '../../list/columns.ts';
import { useErrorToast } from '../../list/useListPage.ts';
import { datastatApi } from './api.ts';
import { DetailView } from './DetailView.tsx';
import styles from './datastat.module.css';
import { refreshText } from './look.ts';

export type DetailTarget =
  | { kind: 'item'; item: StatItem }
  | { kind: 'preview'; settings: StatSettingsInput };

function DetailBody({ target, t, locale }: { target: DetailTarget; t: Translate; locale: string }) {
  const every = target.kind === 'item' ? target.item.refreshFre : 0;
  const query = useQuery({
    queryKey:
      target.kind === 'item'
        ? ['datastat', 'detail', target.item.statId, target.item.updatedAt]
        : ['datastat', 'preview', target.settings],
    queryFn: ({ signal }) =>
      target.kind === 'item'
        ? datastatApi.detail(target.item.statId, signal)
        : datastatApi.preview(target.settings, signal),
    refetchInterval: every > 0 ? every * 1000 : false,
    gcTime: 0,
  });
  useErrorToast(query.error);
  return (
    <Spin spinning={query.isFetching}>
      <div className={styles.detailBar}>
        <Space wrap>
          {target.kind === 'item' ? (
            <Tag color={every > 0 ? 'blue' : 'default'} data-testid="datastat-refresh-every">
              {t('datastat:refreshTag', { every: refreshText(every, t) })}
            </Tag>
          ) : (
            <Tag color="gold">{t('datastat:previewNote')}</Tag>
          )}
          <Button
            size="small"
            icon={<ReloadOutlined />}
            onClick={() => void query.refetch()}
            data-testid="datastat-refresh"
          >
            {t('datastat:refreshNow')}
          </Button>
        </Space>
      </div>
      {query.data ? (
        <DetailView detail={query.data} t={t} locale={locale} />
      ) : (
        <div style={{ height: 320 }} />
      )}
    </Spin>
  );
}

export function DetailDrawer({
  target,
  onClose,
  t,
  locale,
}: {
  target: DetailTarget | null;
  onClose: () => void;
  t: Translate;
  locale: string;
}) {
  const title =
    target?.kind === 'item'
      ? target.item.name
      : target?.settings.name
        ? t('datastat:previewOf', { name: target.settings.name })
        : t('datastat:preview');
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={title}
      size={960}
      destroyOnHidden
      // A preview opens over the create/edit dialog.
      zIndex={1100}
      data-testid="datastat-drawer"
    >
      {target ? <DetailBody target={target} t={t} locale={locale} /> : null}
    </Drawer>
  );
}
