/** A drone's panel on the monitor: model, owners, pilot, battery, speed, height, today's work. */
import { convertArea, formatNumber, formatSeconds, type Language } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { useAreaUnit } from '../../lib/settings.ts';
import { monitorApi } from './api.ts';
import styles from './monitor.module.css';

interface Props {
  droneId: string;
  following: boolean;
  onFollow: (on: boolean) => void;
  onHistory: () => void;
  onClose: () => void;
}

export function DronePanel({ droneId, following, onFollow, onHistory, onClose }: Props) {
  const { t } = useTranslation(['monitor', 'common']);
  const unit = useAreaUnit();
  const { data: d } = useQuery({
    queryKey: ['monitor', 'drone', droneId],
    queryFn: () => monitorApi.drone(droneId),
    refetchInterval: 2000,
  });
  const state = !d ? '' : !d.online ? 'offline' : d.spraying ? 'spraying' : d.airborne ? 'flying' : 'idle';
  return (
    <div className={styles.panel} data-testid="drone-panel">
      <div className={styles.panelHead}>
        <strong>{d?.droneName ?? droneId}</strong>
        {state ? (
          <Tag color={{ offline: 'default', spraying: 'green', flying: 'blue', idle: 'gold' }[state]}>
            {t(`state.${state}`)}
          </Tag>
        ) : null}
        <Button type="text" size="small" onClick={onClose} aria-label={t('close')}>
          ×
        </Button>
      </div>
      {d ? (
        <Descriptions size="small" column={1} colon={false} className={styles.desc}>
          <Descriptions.Item label={t('drone.id')}>{d.droneId}</Descriptions.Item>
          <Descriptions.Item label={t('drone.model')}>{d.modelName}</Descriptions.Item>
          <Descriptions.Item label={t('drone.manufacturer')}>{d.zzAccountName}</Descriptions.Item>
          <Descriptions.Item label={t('drone.owner')}>{d.yyAccountName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('drone.pilot')}>{d.pilotName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('drone.battery')}>{formatNumber(d.battery, 0)} %</Descriptions.Item>
          <Descriptions.Item label={t('drone.speed')}>{formatNumber(d.speed, 1)} m/s</Descriptions.Item>
          <Descriptions.Item label={t('drone.height')}>{formatNumber(d.height, 1)} m</Descriptions.Item>
          <Descriptions.Item label={t('drone.flow')}>{formatNumber(d.flow, 2)} L/min</Descriptions.Item>
          <Descriptions.Item label={t('drone.todayArea', { unit: t(`common:areaUnit.${unit}`) })}>
            {formatNumber(convertArea(d.today.sprayArea, unit), 2)}
          </Descriptions.Item>
          <Descriptions.Item label={t('drone.todayFlights')}>{d.today.flightCount}</Descriptions.Item>
          <Descriptions.Item label={t('drone.todayTime')}>
            {formatSeconds(d.today.flightTime, currentLanguage() as Language)}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Space>
        <Button size="small" type={following ? 'primary' : 'default'} onClick={() => onFollow(!following)}>
          {t('follow')}
        </Button>
        <Button size="small" onClick={onHistory} data-testid="open-history">
          {t('history.open')}
        </Button>
      </Space>
    </div>
  );
}
