/**
 * The state of a drone's lock or unlock command as the drone answers it (sent, acknowledged,
 * failed...): the drone's newest commands, read again every 2 seconds while the command is open.
 */
import type { DroneCommandRecord } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dronesApi } from './api.ts';

const OPEN = new Set(['pending', 'sent']);
const COLOR: Record<string, string> = {
  pending: 'processing',
  sent: 'processing',
  acknowledged: 'success',
  done: 'success',
  failed: 'error',
  timedOut: 'warning',
};

/** Reasons the console itself gives (telemetry/commands); any other is the drone's own text. */
const OWN_REASONS = new Set(['superseded', 'timedOut']);

/** The tag of a state (also used by the detail for the latest command). */
export function CommandTag({ state, reason }: { state: string | null; reason?: string | null }) {
  const { t } = useTranslation('drones');
  if (!state) return <Tag>{t('command.none')}</Tag>;
  return (
    <Tag color={COLOR[state] ?? 'default'} data-testid="command-state" data-state={state}>
      {t(`command.${state}`)}
      {reason ? ` (${OWN_REASONS.has(reason) ? t(`command.reason.${reason}`) : reason})` : ''}
    </Tag>
  );
}

export function CommandState({ droneId, commandId }: { droneId: string; commandId: number }) {
  const { t } = useTranslation('drones');
  const q = useQuery({
    queryKey: ['drones', 'commands', droneId],
    queryFn: () => dronesApi.commands(droneId),
    refetchInterval: (query) => {
      const c = (query.state.data as DroneCommandRecord[] | undefined)?.find((x) => x.id === commandId);
      return !c || OPEN.has(c.state) ? 2000 : false;
    },
  });
  const c = q.data?.find((x) => x.id === commandId);
  return (
    <Space orientation="vertical">
      <span>{t(`command.type.${c?.type ?? 'lock'}`)}</span>
      <CommandTag state={c?.state ?? 'pending'} reason={c?.reason} />
      <span style={{ color: '#64748b' }}>{t('command.hint')}</span>
    </Space>
  );
}
