/**
 * DroneDetail (/business_manage/drone-list/:droneId, the implied drone detail of 001 §2): identity,
 * model, manufacturer and owner (with the owners over time), activation, lock and its command's
 * state, sale and rental, spray width, last position on a small map, lifetime figures, RTK expiry,
 * the writes the caller may do, and the drone's flight history, log and anomalies (the monitor's
 * history drawer, here or on the monitor with the drone selected).
 */
import { convertArea, formatDate, formatSeconds, type Language } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Spin, Tag, Timeline } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSessionUser } from '../../app/session.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { useAreaUnit } from '../../lib/settings.ts';
import { DronesLayer, MapView, useMapInstance } from '../../map/index.ts';
import { HistoryDrawer } from '../monitor/HistoryDrawer.tsx';
import { dronesApi } from './api.ts';
import { CommandTag } from './CommandState.tsx';
import type { DroneDialog } from './config.ts';
import { DroneDialogHost } from './DroneDialogs.tsx';
import { DroneLogKeys } from './DroneLogKeys.tsx';
import styles from './drones.module.css';
import { monitorHistoryPath } from './paths.ts';

/** Centres the small map on the drone once the map is ready. */
function FlyTo({ lng, lat }: { lng: number; lat: number }) {
  const map = useMapInstance();
  useEffect(() => {
    map?.jumpTo({ center: [lng, lat], zoom: 7 });
  }, [map, lng, lat]);
  return null;
}

export default function DroneDetailPage() {
  const { droneId = '' } = useParams();
  const { t } = useTranslation(['drones', 'common']);
  const navigate = useNavigate();
  const unit = useAreaUnit();
  const lng = currentLanguage() as Language;
  const [dialog, setDialog] = useState<DroneDialog | null>(null);
  const [history, setHistory] = useState(false);
  const user = useSessionUser();
  const q = useQuery({
    queryKey: ['drones', 'detail', droneId],
    queryFn: ({ signal }) => dronesApi.detail(droneId, signal),
    // While a lock command is open, its state is read again.
    refetchInterval: (query) =>
      ['pending', 'sent'].includes(query.state.data?.lock.commandState ?? '') ? 2000 : false,
  });
  const d = q.data;
  const number = useMemo(
    () => new Intl.NumberFormat(lng, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    [lng],
  );
  if (q.isLoading) return <Spin />;
  if (!d) return <Alert type="error" title={(q.error as Error | null)?.message || t('detail.notFound')} />;
  const a = d.actions;
  const unitLabel = t(`common:areaUnit.${unit}`);
  const button = (kind: DroneDialog, show: boolean, danger = false) =>
    show ? (
      <Button key={kind} danger={danger} onClick={() => setDialog(kind)} data-testid={`detail-${kind}`}>
        {t(`action.${kind}`)}
      </Button>
    ) : null;

  return (
    <div className={styles.detail} data-testid="drone-detail">
      <Space className={styles.detailHead} wrap>
        <Button onClick={() => navigate(-1)}>{t('detail.back')}</Button>
        <h2 className={styles.detailTitle}>
          {d.droneName} <span className={styles.detailId}>{d.droneId}</span>
        </h2>
        {d.locked ? <Tag color="red">{t('lockState.1')}</Tag> : <Tag color="green">{t('lockState.0')}</Tag>}
        <Tag>{t(`activation.${d.activationStatus}`)}</Tag>
        <Space wrap>
          {button('update', a.update)}
          {button('settings', a.sign || a.sale || a.deviceType || a.rental)}
          {button('lock', a.lock && !d.locked, true)}
          {button('unlock', a.lock && d.locked)}
          {button('owner', a.owner)}
        </Space>
      </Space>
      <div className={styles.detailGrid}>
        <Card title={t('detail.identity')} size="small">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('col.droneId')}>{d.droneId}</Descriptions.Item>
            <Descriptions.Item label={t('col.droneName')}>{d.droneName}</Descriptions.Item>
            <Descriptions.Item label={t('col.modelName')}>{d.modelName}</Descriptions.Item>
            <Descriptions.Item label={t('col.zzAccountName')}>{d.manufacturerName}</Descriptions.Item>
            <Descriptions.Item label={t('col.yyAccountName')}>{d.yyAccountName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('col.zzDroneNum')}>{d.zzDroneNum ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('col.regMark')}>{d.regMark ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('col.rackNo')}>{d.rackNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('col.buyer')}>{d.buyer ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('col.createTime')}>
              {formatDate(d.createTime, 'YYYY-MM-DD')}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t('detail.state')} size="small">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('col.activationStatus')}>
              {t(`activation.${d.activationStatus}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('col.locked')}>
              <Space wrap>
                {t(`lockState.${d.locked ? 1 : 0}`)}
                {d.lockedAt ? formatDate(d.lockedAt) : null}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.lockCommand')}>
              <Space wrap>
                {d.lock.commandType ? t(`command.type.${d.lock.commandType}`) : null}
                <CommandTag state={d.lock.commandState} />
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('col.saleType')}>{t(`sale.${d.saleType}`)}</Descriptions.Item>
            <Descriptions.Item label={t('col.rentalModel')}>
              {d.rentalModel === null ? t('rental.none') : t(`rental.${d.rentalModel}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('col.deviceType')}>
              {t(`deviceType.${d.deviceType}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('col.sprayWidth')}>{number.format(d.sprayWidth)} m</Descriptions.Item>
            <Descriptions.Item label={t('detail.rtk')}>
              {d.rtk
                ? `${d.rtk.devId} · ${d.rtk.expiresAt ? formatDate(d.rtk.expiresAt, 'YYYY-MM-DD') : t('detail.rtkNone')}`
                : t('detail.rtkNone')}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t('detail.figures')} size="small">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('col.sortieCount')}>{d.sortieCount}</Descriptions.Item>
            <Descriptions.Item label={t('col.workArea', { unit: unitLabel })}>
              {number.format(convertArea(d.workArea, unit))}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.flightTime')}>
              {formatSeconds(d.flightTime, lng)}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.sprayQuantity')}>
              {number.format(d.sprayQuantity)} L
            </Descriptions.Item>
            <Descriptions.Item label={t('col.lastTime')}>
              {d.lastTime ? formatDate(d.lastTime) : '—'}
            </Descriptions.Item>
          </Descriptions>
          <p className={styles.note}>{t('detail.figuresNote')}</p>
          <Space wrap>
            <Button type="primary" onClick={() => setHistory(true)} data-testid="detail-history">
              {t('detail.history')}
            </Button>
            <Link to={monitorHistoryPath(d.droneId)}>{t('detail.onMonitor')}</Link>
          </Space>
        </Card>
        <Card title={t('detail.position')} size="small" className={styles.mapCard}>
          {d.lastLng !== null && d.lastLat !== null ? (
            <MapView style={{ height: 300 }}>
              <FlyTo lng={d.lastLng} lat={d.lastLat} />
              <DronesLayer
                drones={[
                  {
                    droneId: d.droneId,
                    lng: d.lastLng,
                    lat: d.lastLat,
                    heading: 0,
                    online: false,
                    spraying: false,
                  },
                ]}
                selectedId={d.droneId}
              />
            </MapView>
          ) : (
            <p className={styles.note}>{t('detail.noPosition')}</p>
          )}
        </Card>
        <Card title={t('detail.owners')} size="small">
          <Timeline
            items={d.owners.map((o) => ({
              color: o.to === null ? 'green' : 'gray',
              children: `${o.yyAccountName}: ${formatDate(o.from, 'YYYY-MM-DD')} – ${
                o.to === null ? t('detail.now') : formatDate(o.to, 'YYYY-MM-DD')
              }`,
            }))}
          />
        </Card>
        <DroneLogKeys droneId={d.droneId} isMaker={user?.accountId === d.zzAccountId} />
      </div>
      {history ? (
        <HistoryDrawer
          droneId={d.droneId}
          onClose={() => setHistory(false)}
          onPlay={() => navigate(monitorHistoryPath(d.droneId))}
        />
      ) : null}
      <DroneDialogHost
        dialog={
          dialog && {
            kind: dialog,
            drone: d,
            actions: d.actions,
            onClose: () => setDialog(null),
            onDone: () => void q.refetch(),
          }
        }
      />
    </div>
  );
}
