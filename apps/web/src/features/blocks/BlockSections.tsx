/**
 * Sections of a block's detail: the coverage figures (share sprayed, sprayed, twice sprayed,
 * sorties, sorties without a track) of a period or of one route plan, the sorties that sprayed the
 * block in the period (with links to their playback on the monitor), and the block's route plans
 * with planned versus sprayed coverage per plan.
 */
import { type AreaUnit, type BlockCoverage, convertArea, formatDate } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Progress, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { monitorHistoryPath } from '../drones/paths.ts';
import { type BlockRoute, blocksApi, type Period } from './api.ts';
import styles from './blocks.module.css';

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

export function CoverageFigures({ c, unit }: { c: BlockCoverage; unit: AreaUnit }) {
  const { t } = useTranslation(['blocks', 'common']);
  const u = t(`common:areaUnit.${unit}`);
  const items: [string, string][] = [
    ['share', pct(c.share)],
    ['sprayed', `${convertArea(c.sprayedAreaMu, unit).toFixed(2)} ${u}`],
    ['unsprayed', `${convertArea(Math.max(0, c.blockAreaMu - c.sprayedAreaMu), unit).toFixed(2)} ${u}`],
    ['twice', `${convertArea(c.twiceAreaMu, unit).toFixed(2)} ${u}`],
    ['sorties', String(c.sortieCount)],
  ];
  if (c.plannedAreaMu != null)
    items.splice(1, 0, ['planned', `${convertArea(c.plannedAreaMu, unit).toFixed(2)} ${u}`]);
  return (
    <div data-testid="block-coverage">
      <Progress
        percent={Number((c.share * 100).toFixed(1))}
        status={c.share >= 0.99 ? 'success' : 'normal'}
        data-testid="block-coverage-share"
      />
      <div className={styles.figures}>
        {items.map(([key, value]) => (
          <div key={key} className={styles.figure} data-testid={`block-coverage-${key}`}>
            <span className={styles.figureLabel}>{t(`blocks:coverage.${key}`)}</span>
            <span className={styles.figureValue}>{value}</span>
          </div>
        ))}
      </div>
      {c.sortiesWithoutTrack ? (
        <p className={styles.hint}>{t('blocks:coverage.withoutTrack', { n: c.sortiesWithoutTrack })}</p>
      ) : null}
    </div>
  );
}

export function SortiesTable({ blockId, period, unit }: { blockId: number; period: Period; unit: AreaUnit }) {
  const { t } = useTranslation(['blocks', 'common']);
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['blocks', 'sorties', blockId, period, page],
    queryFn: () => blocksApi.sorties(blockId, { ...period, pageIndex: page, size: 10 }),
  });
  return (
    <Table
      size="small"
      rowKey="sortieId"
      loading={q.isLoading}
      dataSource={q.data?.records ?? []}
      data-testid="block-sorties"
      scroll={{ x: 'max-content' }}
      pagination={{
        current: page,
        pageSize: 10,
        total: q.data?.total ?? 0,
        onChange: setPage,
        showTotal: (total) => t('list:totalItems', { total }),
      }}
      columns={[
        {
          key: 'start',
          title: t('blocks:sortie.start'),
          render: (_, r) => formatDate(r.startTime, 'YYYY-MM-DD HH:mm'),
        },
        {
          key: 'drone',
          title: t('blocks:sortie.drone'),
          render: (_, r) => r.droneName ?? r.droneId,
        },
        { key: 'pilot', title: t('blocks:sortie.pilot'), render: (_, r) => r.pilotName ?? '' },
        {
          key: 'area',
          title: t('blocks:sortie.area', { unit: t(`common:areaUnit.${unit}`) }),
          align: 'right',
          render: (_, r) => convertArea(r.areaMu, unit).toFixed(2),
        },
        {
          key: 'volume',
          title: t('blocks:sortie.volume'),
          align: 'right',
          render: (_, r) => r.volumeL.toFixed(1),
        },
        {
          key: 'play',
          title: '',
          render: (_, r) =>
            r.hasTrack ? (
              <Link to={monitorHistoryPath(r.droneId)}>{t('blocks:sortie.playback')}</Link>
            ) : (
              <Tag>{t('blocks:sortie.noTrack')}</Tag>
            ),
        },
      ]}
    />
  );
}

function RouteSprayed({ blockId, routeId }: { blockId: number; routeId: number }) {
  const q = useQuery({
    queryKey: ['blocks', 'coverage', blockId, { routeId }],
    queryFn: () => blocksApi.coverage(blockId, { routeId }),
    retry: false,
  });
  if (q.isLoading) return <span>…</span>;
  if (!q.data) return <span>-</span>;
  return <span data-testid="block-route-sprayed">{pct(q.data.share)}</span>;
}

export function RoutesTable({
  blockId,
  selected,
  onSelect,
  onPlan,
}: {
  blockId: number;
  selected: number | null;
  onSelect: (routeId: number | null) => void;
  onPlan: () => void;
}) {
  const { t } = useTranslation(['blocks', 'common']);
  const q = useQuery({ queryKey: ['blocks', 'routes', blockId], queryFn: () => blocksApi.routes(blockId) });
  return (
    <Table<BlockRoute>
      size="small"
      rowKey="routeId"
      loading={q.isLoading}
      dataSource={q.data?.records ?? []}
      data-testid="block-routes"
      pagination={false}
      locale={{
        emptyText: (
          <Button type="link" onClick={onPlan}>
            {t('blocks:route.none')}
          </Button>
        ),
      }}
      rowClassName={(r) => (r.routeId === selected ? 'ant-table-row-selected' : '')}
      columns={[
        { key: 'name', title: t('blocks:route.name'), render: (_, r) => r.name ?? `#${r.routeId}` },
        { key: 'drones', title: t('blocks:route.drones'), dataIndex: 'droneCount', align: 'right' },
        {
          key: 'width',
          title: t('blocks:route.width'),
          align: 'right',
          render: (_, r) => r.width.toFixed(1),
        },
        {
          key: 'planned',
          title: t('blocks:route.planned'),
          align: 'right',
          render: (_, r) => pct(r.coverageShare),
        },
        {
          key: 'sprayed',
          title: t('blocks:route.sprayed'),
          align: 'right',
          render: (_, r) => <RouteSprayed blockId={blockId} routeId={r.routeId} />,
        },
        {
          key: 'show',
          title: '',
          render: (_, r) => (
            <Button
              type="link"
              size="small"
              onClick={() => onSelect(r.routeId === selected ? null : r.routeId)}
              data-testid="block-route-show"
            >
              {t(r.routeId === selected ? 'blocks:route.hide' : 'blocks:route.show')}
            </Button>
          ),
        },
      ]}
    />
  );
}
