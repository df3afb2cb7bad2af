/** A zone's detail (GET detail noflyId): its fields, its shape on the map, its versions. */
import { formatDate, type NoflyDetail } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Tag, Timeline } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../list/columns.ts';
import { MapView, NoFlyLayer, useMapInstance } from '../../map/index.ts';
import { noflyApi } from './api.ts';
import { shapeText } from './config.ts';
import styles from './nofly.module.css';
import { polygonOf } from './shapes.ts';

const time = (iso: string) => formatDate(Date.parse(iso), 'YYYY-MM-DD HH:mm:ss');

function Frame({ zone }: { zone: NoflyDetail }) {
  const map = useMapInstance();
  useEffect(() => {
    const ring = polygonOf(zone).coordinates[0] ?? [];
    if (!map || !ring.length) return;
    const lngs = ring.map((p) => p[0] as number);
    const lats = ring.map((p) => p[1] as number);
    map.fitBounds(
      [
        [Math.min(...lngs), Math.min(...lats)],
        [Math.max(...lngs), Math.max(...lats)],
      ],
      { padding: 30, duration: 0, maxZoom: 15 },
    );
  }, [map, zone]);
  return null;
}

export function ZoneDetail({
  noflyId,
  regionName,
  onClose,
}: {
  noflyId: number;
  regionName: (code: number | null) => string | null;
  onClose: () => void;
}) {
  const { t: tr } = useTranslation(['nofly', 'common']);
  const t = tr as unknown as Translate;
  const q = useQuery({ queryKey: ['nofly', 'detail', noflyId], queryFn: () => noflyApi.detail(noflyId) });
  const z = q.data;
  const zones = useMemo(
    () =>
      z
        ? [
            {
              id: z.noflyId,
              name: z.name,
              type: (z.noflyType === 2 ? 1 : 2) as 1 | 2,
              geometry: polygonOf(z),
            },
          ]
        : [],
    [z],
  );
  return (
    <Drawer open size={560} title={t('nofly:detail.title')} onClose={onClose} destroyOnHidden>
      {z ? (
        <div data-testid="nofly-detail">
          <div className={styles.detailMap}>
            <MapView>
              <NoFlyLayer zones={zones} />
              <Frame zone={z} />
            </MapView>
          </div>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('nofly:col.name')}>{z.name}</Descriptions.Item>
            <Descriptions.Item label={t('nofly:col.noflyType')}>
              <Tag color={z.noflyType === 2 ? 'red' : 'orange'}>{t(`nofly:type.${z.noflyType}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('nofly:col.detailAddress')}>
              {z.detailAddress ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('nofly:col.region')}>
              {regionName(z.regionCode) ?? z.regionCode ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('nofly:col.shape')}>{shapeText(t, z)}</Descriptions.Item>
            <Descriptions.Item label={t('nofly:col.enabled')}>
              {t(z.enabled ? 'nofly:toast.enabled' : 'nofly:toast.disabled')}
            </Descriptions.Item>
            <Descriptions.Item label={t('nofly:col.version')}>{z.version}</Descriptions.Item>
            <Descriptions.Item label={t('nofly:detail.anomalyCount')}>{z.anomalyCount}</Descriptions.Item>
            <Descriptions.Item label={t('nofly:detail.createdBy')}>
              {z.createdByAccountName ?? t('nofly:detail.authority')}
            </Descriptions.Item>
            <Descriptions.Item label={t('nofly:col.createTime')}>{time(z.createTime)}</Descriptions.Item>
            <Descriptions.Item label={t('nofly:detail.updateTime')}>{time(z.updateTime)}</Descriptions.Item>
          </Descriptions>
          <h4 style={{ marginTop: 16 }}>{t('nofly:detail.versions')}</h4>
          <Timeline
            items={z.versions.map((v) => ({
              color: v.change === 'delete' || v.change === 'disable' ? 'gray' : 'blue',
              children: (
                <div>
                  <div>
                    {t('nofly:detail.versionRow', {
                      version: v.version,
                      change: t(`nofly:change.${v.change}`),
                    })}
                  </div>
                  <div className={styles.hint}>
                    {time(v.changeTime)} {v.changedByName ?? ''}
                  </div>
                </div>
              ),
            }))}
          />
        </div>
      ) : null}
    </Drawer>
  );
}
