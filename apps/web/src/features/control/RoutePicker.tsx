/**
 * Group control's route choice: a block (from the block list), one of its planned routes (or "plan
 * the block", which opens route planning), and "send plan": the route's parts to the chosen drones
 * (drone i flies part i, POST plan), each command's state shown as the drones answer.
 */
import { buildPath, type ControlDrone, type RouteRecord } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { controlApi } from './api.ts';
import { CommandResults, useControlCall } from './ControlActions.tsx';

export interface RoutePickerProps {
  droneIds: readonly string[];
  drones: readonly ControlDrone[];
  onRoute: (route: RouteRecord | null) => void;
}

export function RoutePicker({ droneIds, drones, onRoute }: RoutePickerProps) {
  const { t } = useTranslation('control');
  const [search, setSearch] = useState('');
  const [blockId, setBlockId] = useState<number | null>(null);
  const [routeId, setRouteId] = useState<number | null>(null);
  const blocks = useQuery({
    queryKey: ['control', 'blocks', search],
    queryFn: () => controlApi.blocks(search),
  });
  const routes = useQuery({
    queryKey: ['control', 'routes', blockId],
    queryFn: () => controlApi.routes(blockId as number),
    enabled: blockId !== null,
  });
  const route = useQuery({
    queryKey: ['control', 'route', routeId],
    queryFn: ({ signal }) => controlApi.route(routeId as number, signal),
    enabled: routeId !== null,
  });
  const call = useControlCall();
  const record = routeId !== null ? (route.data ?? null) : null;
  useEffect(() => onRoute(record), [record, onRoute]);
  const need = record?.plan.routes.length ?? 0;
  const countOk = need > 0 && droneIds.length === need;
  return (
    <Card size="small" title={t('route.title')} data-testid="route-picker">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select
          showSearch
          allowClear
          filterOption={false}
          onSearch={setSearch}
          placeholder={t('route.chooseBlock')}
          value={blockId ?? undefined}
          onChange={(v) => {
            setBlockId(v ?? null);
            setRouteId(null);
          }}
          options={(blocks.data?.records ?? []).map((b) => ({ value: b.blockId, label: b.blockName }))}
          style={{ width: '100%' }}
          data-testid="route-block"
        />
        {blockId !== null ? (
          <Space wrap>
            <Select
              placeholder={t('route.chooseRoute')}
              value={routeId ?? undefined}
              onChange={(v) => setRouteId(v ?? null)}
              options={(routes.data?.records ?? []).map((r) => ({
                value: r.routeId,
                label: `#${r.routeId} ${r.name ?? ''} · ${t('route.summary', { n: r.droneCount, width: r.width })}`,
              }))}
              notFoundContent={t('route.none')}
              style={{ minWidth: 240 }}
              data-testid="route-route"
            />
            <Link to={buildPath('RoutePlanning', { blockId })} data-testid="route-plan-block">
              {t('route.planBlock')}
            </Link>
          </Space>
        ) : null}
        {record ? (
          <>
            <span style={{ color: '#64748b' }}>{t('route.needs', { n: need, chosen: droneIds.length })}</span>
            <Button
              type="primary"
              disabled={!countOk || !record.editable || call.busy}
              loading={call.busy}
              onClick={() => void call.run(() => controlApi.plan(record.routeId, [...droneIds]))}
              data-testid="send-plan"
            >
              {t('route.send')}
            </Button>
          </>
        ) : null}
        {call.error ? <Alert type="error" showIcon title={call.error} data-testid="plan-error" /> : null}
        <CommandResults result={call.result} drones={drones} />
      </Space>
    </Card>
  );
}
