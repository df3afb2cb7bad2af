/**
 * After a route is saved: choose `count` online drones the caller may control, send them their parts
 * (POST plan; the i-th chosen drone flies part i), then start them (POST command start); each
 * command's state is shown as the drones answer, with a link to the monitor to watch them fly.
 */
import { buildPath } from '@agrifleet/domain';
import { Alert, Button, Modal, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { controlApi } from './api.ts';
import { CommandResults, useControlCall } from './ControlActions.tsx';
import { DroneTable } from './DroneTable.tsx';
import { droneColor } from './planGeo.ts';
import { useControlDrones } from './useControlDrones.ts';

export interface SendPlanDialogProps {
  routeId: number;
  count: number;
  onClose: () => void;
}

export function SendPlanDialog({ routeId, count, onClose }: SendPlanDialogProps) {
  const { t } = useTranslation('control');
  const q = useControlDrones(undefined, true);
  const drones = q.data?.records ?? [];
  const [selected, setSelected] = useState<string[]>([]);
  const plan = useControlCall();
  const start = useControlCall();
  const chosen = useMemo(() => selected.slice(0, count), [selected, count]);
  const sent = plan.result !== null;
  return (
    <Modal
      open
      width={980}
      title={t('send.title', { id: routeId })}
      onCancel={onClose}
      footer={
        <Space>
          <Link to={buildPath('MonitorView')} data-testid="send-monitor">
            {t('send.monitor')}
          </Link>
          <Button onClick={onClose} data-testid="send-close">
            {t('send.close')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <span>{t('send.choose', { n: count, chosen: chosen.length })}</span>
        <DroneTable
          compact
          drones={drones}
          loading={q.isLoading}
          selected={chosen}
          onSelect={setSelected}
          max={count}
        />
        {chosen.length > 0 ? (
          <Space wrap size={4}>
            {chosen.map((id, i) => (
              <span key={id} style={{ color: droneColor(i), whiteSpace: 'nowrap' }}>
                {t('send.part', { n: i + 1, drone: drones.find((d) => d.droneId === id)?.droneName ?? id })}
              </span>
            ))}
          </Space>
        ) : null}
        <Space wrap>
          <Button
            type="primary"
            disabled={chosen.length !== count || plan.busy || sent}
            loading={plan.busy}
            onClick={() => void plan.run(() => controlApi.plan(routeId, chosen))}
            data-testid="send-plan"
          >
            {t('route.send')}
          </Button>
          <Button
            disabled={!sent || start.busy}
            loading={start.busy}
            onClick={() => {
              const ids = plan.result?.commands.map((c) => c.droneId) ?? chosen;
              void start.run(() => controlApi.command(ids, 'start'));
            }}
            data-testid="send-start"
          >
            {t('command.start')}
          </Button>
        </Space>
        {plan.error ? <Alert type="error" showIcon title={plan.error} data-testid="plan-error" /> : null}
        {start.error ? <Alert type="error" showIcon title={start.error} data-testid="start-error" /> : null}
        <CommandResults result={plan.result} drones={drones} />
        <CommandResults result={start.result} drones={drones} />
      </Space>
    </Modal>
  );
}
