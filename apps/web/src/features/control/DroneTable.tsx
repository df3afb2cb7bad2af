/**
 * The drones the caller may control, with checkboxes: online, flying, locked, position, current plan
 * and its droneStatus and progress, the newest command with its state (coloured tag) and the flight
 * settings the drone acknowledged. Offline and locked drones are shown but cannot be chosen (the
 * reason is on the row).
 */
import type { ControlDrone } from '@agrifleet/domain';
import { Button, Progress, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CommandTag } from '../drones/CommandState.tsx';
import { unavailableReason } from './useControlDrones.ts';

export interface DroneTableProps {
  drones: readonly ControlDrone[];
  loading?: boolean;
  selected: readonly string[];
  /** Choosing drones; without it the table only shows them (a watcher). */
  onSelect?: (ids: string[]) => void;
  /** The text of an empty list (default: no drones to control). */
  emptyText?: string;
  /** Most drones that may be chosen (the plan's drone count), or no limit. */
  max?: number;
  /** A per-drone action (flight control: control this drone alone). */
  onRowAction?: (drone: ControlDrone) => void;
  compact?: boolean;
}

const fmt = (v: number | null, unit: string) => (v === null ? '—' : `${v} ${unit}`);

export function DroneTable({
  drones,
  loading,
  selected,
  onSelect,
  max,
  onRowAction,
  compact,
  emptyText,
}: DroneTableProps) {
  const { t } = useTranslation(['control', 'drones']);
  const full = max !== undefined && selected.length >= max;
  // The owner is worth showing only where the drones have different owners (platform, manufacturer).
  const owners = !compact && new Set(drones.map((d) => d.ownerName)).size > 1;
  const columns: ColumnsType<ControlDrone> = [
    {
      key: 'drone',
      title: t('col.drone'),
      render: (_, d) => (
        <Space orientation="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
          <span>{d.droneName ?? d.droneId}</span>
          <span style={{ color: '#64748b', fontSize: 12 }}>
            {[d.droneId, d.modelName].filter(Boolean).join(' · ')}
          </span>
          {owners && d.ownerName ? (
            <span style={{ color: '#64748b', fontSize: 12 }}>{d.ownerName}</span>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('col.state'),
      render: (_, d) => {
        const why = unavailableReason(d);
        return (
          <Space size={4} wrap data-testid="drone-state" data-reason={why ?? ''}>
            <Tag color={d.online ? 'green' : 'default'}>{t(d.online ? 'state.online' : 'state.offline')}</Tag>
            {d.flying ? <Tag color="blue">{t('state.flying')}</Tag> : null}
            {d.locked ? <Tag color="red">{t('state.locked')}</Tag> : null}
          </Space>
        );
      },
    },
    {
      key: 'plan',
      title: t('col.plan'),
      render: (_, d) =>
        d.routeId === null ? (
          '—'
        ) : (
          <Space orientation="vertical" size={0} style={{ minWidth: 110 }}>
            <span>
              #{d.routeId} · {d.droneStatus === null ? '—' : t(`droneStatus.${d.droneStatus}`)}
            </span>
            {d.progress !== null ? <Progress percent={Math.round(d.progress * 100)} size="small" /> : null}
          </Space>
        ),
    },
    {
      key: 'command',
      title: t('col.command'),
      render: (_, d) =>
        d.lastCommand ? (
          <Space orientation="vertical" size={2}>
            <span style={{ whiteSpace: 'nowrap' }}>{t(`drones:command.type.${d.lastCommand.type}`)}</span>
            <CommandTag state={d.lastCommand.state} reason={d.lastCommand.reason} />
          </Space>
        ) : (
          <CommandTag state={null} />
        ),
    },
    {
      key: 'settings',
      title: <Tooltip title={t('col.settingsHint')}>{t('col.settings')}</Tooltip>,
      render: (_, d) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {fmt(d.settings.width, 'm')} · {fmt(d.settings.height, 'm')} · {fmt(d.settings.speed, 'm/s')}
        </span>
      ),
    },
    ...(onRowAction
      ? [
          {
            key: 'action',
            title: '',
            fixed: 'right' as const,
            render: (_: unknown, d: ControlDrone) => (
              <Button
                size="small"
                disabled={!!unavailableReason(d)}
                onClick={() => onRowAction(d)}
                data-testid="row-control"
              >
                {t('action.controlOne')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Table<ControlDrone>
      data-testid="control-drones"
      size="small"
      rowKey="droneId"
      loading={loading}
      dataSource={drones as ControlDrone[]}
      columns={columns}
      pagination={drones.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      rowSelection={
        onSelect
          ? {
              selectedRowKeys: selected as string[],
              onChange: (keys) => onSelect(keys.map(String)),
              getCheckboxProps: (d) => {
                const why = unavailableReason(d);
                return {
                  disabled: !!why || (full && !selected.includes(d.droneId)),
                  title: why ? t(`unavailable.${why}`) : undefined,
                };
              },
              renderCell: (_checked, d, _i, node) => {
                const why = unavailableReason(d);
                return why ? <Tooltip title={t(`unavailable.${why}`)}>{node}</Tooltip> : node;
              },
              hideSelectAll: max !== undefined,
            }
          : undefined
      }
      locale={{ emptyText: emptyText ?? t('noDrones') }}
    />
  );
}
