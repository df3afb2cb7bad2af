/**
 * A drone's flight history (001 §3 "Drone" history): sorties with filters (order, start, end) and
 * the period's averages per area (2 decimals), playback of one sortie or of several together, the
 * battery of a sortie, the drone log and its anomalies.
 */
import {
  convertArea,
  formatDate,
  formatNumber,
  formatSeconds,
  type Language,
  type SortieRecord,
} from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Image,
  Pagination,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Tooltip,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../charts/EChart.tsx';
import { currentLanguage } from '../../i18n/index.ts';
import { saveFile } from '../../lib/download.ts';
import { useAreaUnit } from '../../lib/settings.ts';
import { instantOfPicker } from '../../lib/statDay.ts';
import { type HistoryFilter, monitorApi, type Page } from './api.ts';
import styles from './monitor.module.css';

interface Props {
  droneId: string;
  onClose: () => void;
  onPlay: (sortieIds: number[]) => void;
}

export function HistoryDrawer({ droneId, onClose, onPlay }: Props) {
  const { t } = useTranslation(['monitor', 'common']);
  const { message } = App.useApp();
  const unit = useAreaUnit();
  const lng = currentLanguage() as Language;
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [filter, setFilter] = useState<HistoryFilter>({ droneId, currentPage: 1, pageSize: 10, order: 1 });
  const [simulated, setSimulated] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [batteryOf, setBatteryOf] = useState<number | null>(null);
  // the picked wall clocks are of the statistics time zone, as the times shown (issue 21)
  const at = (d: Dayjs | null | undefined) => (d ? instantOfPicker(d) : undefined);
  const f = { ...filter, droneId, startTime: at(range?.[0]), endTime: at(range?.[1]) };
  const list = useQuery({
    queryKey: ['history', f, simulated],
    queryFn: () => monitorApi.history(f, simulated),
  });
  const stat = useQuery({
    queryKey: ['history-stat', droneId, f.startTime, f.endTime],
    queryFn: () => monitorApi.stat(droneId, f.startTime, f.endTime),
  });
  const unitLabel = t(`common:areaUnit.${unit}`);
  const perUnit = (perMu: number) => perMu / convertArea(1, unit);
  const s = stat.data;

  const columns = [
    { title: t('history.start'), dataIndex: 'startTime', render: (v: number) => formatDate(v) },
    { title: t('history.duration'), dataIndex: 'flightTime', render: (v: number) => formatSeconds(v, lng) },
    {
      title: t('history.area', { unit: unitLabel }),
      dataIndex: 'sprayArea',
      render: (v: number) => formatNumber(convertArea(v, unit), 2),
    },
    { title: t('history.volume'), dataIndex: 'sprayQuantity', render: (v: number) => formatNumber(v, 2) },
    { title: t('history.pilot'), dataIndex: 'pilotName', render: (v: string | null) => v ?? '-' },
    {
      title: '',
      key: 'play',
      render: (_: unknown, r: SortieRecord) => (
        <Space size={4}>
          {r.hasTrack ? (
            <Button size="small" type="link" onClick={() => onPlay([r.sortieId])} data-testid="play-sortie">
              {t('playback.play')}
            </Button>
          ) : (
            // A generated history's older sorties have a summary only: say so, offer no playback.
            <Tooltip title={t('history.noTrackReason')}>
              <Tag data-testid="no-track">{t('history.noTrack')}</Tag>
            </Tooltip>
          )}
          <Button size="small" type="link" onClick={() => setBatteryOf(r.sortieId)}>
            {t('history.battery')}
          </Button>
          {r.logVerified && (
            // A drone-signed flight log covering this flight was received and verified: evidence.
            <Tooltip title={t('history.logVerifiedReason')}>
              <Tag
                color="green"
                data-testid="log-verified"
                style={{ cursor: 'pointer' }}
                onClick={() =>
                  void monitorApi
                    .flightLog(r.sortieId)
                    .then((text) =>
                      saveFile(`flightlog-${r.droneId}-${r.sortieId}.jsonl`, text, 'application/x-ndjson'),
                    )
                    .catch((err: Error) => message.error(err.message))
                }
              >
                {t('history.logVerified')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open
      title={t('history.title', { droneId })}
      onClose={onClose}
      size={720}
      mask={false}
      data-testid="history"
    >
      <Tabs
        items={[
          {
            key: 'sorties',
            label: t('history.sorties'),
            children: (
              <Space orientation="vertical" className={styles.full}>
                <Space wrap>
                  <DatePicker.RangePicker showTime size="small" value={range} onChange={(v) => setRange(v)} />
                  <Select
                    size="small"
                    value={filter.order}
                    onChange={(order) => setFilter({ ...filter, order, currentPage: 1 })}
                    options={[
                      { value: 1, label: t('history.newest') },
                      { value: 2, label: t('history.oldest') },
                    ]}
                  />
                  <Space size={4}>
                    <Switch size="small" checked={simulated} onChange={setSimulated} />
                    {t('history.simulated')}
                  </Space>
                </Space>
                <Descriptions size="small" column={3} bordered layout="vertical">
                  <Descriptions.Item label={t('history.flights')}>{s?.flightCount ?? '-'}</Descriptions.Item>
                  <Descriptions.Item label={t('history.area', { unit: unitLabel })}>
                    {s ? formatNumber(convertArea(s.sprayArea, unit), 2) : '-'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('history.volume')}>
                    {s ? formatNumber(s.sprayQuantity, 2) : '-'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('history.perArea', { unit: unitLabel })}>
                    {s ? formatNumber(perUnit(s.quantityPerArea), 2) : '-'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('history.timePerArea', { unit: unitLabel })}>
                    {s ? formatNumber(perUnit(s.timePerArea) / 60, 2) : '-'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('history.areaPerFlight', { unit: unitLabel })}>
                    {s ? formatNumber(convertArea(s.areaPerFlight, unit), 2) : '-'}
                  </Descriptions.Item>
                </Descriptions>
                <Table<SortieRecord>
                  size="small"
                  rowKey="sortieId"
                  loading={list.isLoading}
                  dataSource={list.data?.records ?? []}
                  columns={columns}
                  rowSelection={{
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys as number[]),
                    getCheckboxProps: (r) => ({
                      disabled: !r.hasTrack,
                      title: r.hasTrack ? undefined : t('history.noTrackReason'),
                    }),
                  }}
                  pagination={{
                    current: filter.currentPage,
                    pageSize: filter.pageSize,
                    total: list.data?.total ?? 0,
                    size: 'small',
                    onChange: (currentPage, pageSize) => setFilter({ ...filter, currentPage, pageSize }),
                  }}
                />
                <Button
                  disabled={selected.length === 0}
                  onClick={() => onPlay(selected)}
                  data-testid="play-together"
                >
                  {t('history.playTogether', { n: selected.length })}
                </Button>
                {batteryOf !== null ? <Battery sortieId={batteryOf} /> : null}
              </Space>
            ),
          },
          { key: 'pictures', label: t('history.pictures'), children: <Pictures droneId={droneId} /> },
          { key: 'log', label: t('history.log'), children: <DroneLog droneId={droneId} /> },
          { key: 'anomalies', label: t('history.anomalies'), children: <Anomalies droneId={droneId} /> },
        ]}
      />
    </Drawer>
  );
}

function Battery({ sortieId }: { sortieId: number }) {
  const { t } = useTranslation('monitor');
  const { data } = useQuery({ queryKey: ['battery', sortieId], queryFn: () => monitorApi.battery(sortieId) });
  if (!data) return null;
  const t0 = data.series[0]?.[0] ?? 0;
  return (
    <div>
      <strong>
        {t('history.batteryUsed', {
          start: formatNumber(data.batteryStart, 0),
          end: formatNumber(data.batteryEnd, 0),
        })}
      </strong>
      <EChart
        style={{ height: 140 }}
        option={{
          animation: false,
          grid: { left: 36, right: 12, top: 12, bottom: 24 },
          xAxis: { type: 'value', axisLabel: { formatter: `{value} ${t('playback.minutes')}` } },
          yAxis: { type: 'value', min: 0, max: 100 },
          series: [
            {
              type: 'line',
              showSymbol: false,
              data: data.series.map(([time, v]) => [Math.round((time - t0) / 600) / 100, v]),
            },
          ],
        }}
      />
    </div>
  );
}

function Pictures({ droneId }: { droneId: string }) {
  const [page, setPage] = useState(1);
  const { data } = useQuery({
    queryKey: ['drone-pictures', droneId, page],
    queryFn: () => monitorApi.pictures(droneId, page, 12),
  });
  if (data && data.total === 0) return <Empty />;
  return (
    <Space orientation="vertical" className={styles.full}>
      <Image.PreviewGroup>
        <div className={styles.pictures}>
          {(data?.records ?? []).map((p) => (
            <figure key={p.id} className={styles.picture}>
              <Image src={p.url} width={150} height={110} style={{ objectFit: 'cover' }} />
              <figcaption>{formatDate(p.time)}</figcaption>
            </figure>
          ))}
        </div>
      </Image.PreviewGroup>
      <Pagination size="small" current={page} pageSize={12} total={data?.total ?? 0} onChange={setPage} />
    </Space>
  );
}

/** A paged table of one of the drone's lists (log, anomalies): 20 rows a page. */
function PagedTable<T extends { id: number }>({
  queryKey,
  load,
  columns,
}: {
  queryKey: unknown[];
  load: (page: number) => Promise<Page<T>>;
  columns: TableColumnsType<T>;
}) {
  const [page, setPage] = useState(1);
  const { data } = useQuery({ queryKey: [...queryKey, page], queryFn: () => load(page) });
  return (
    <Table<T>
      size="small"
      rowKey="id"
      dataSource={data?.records ?? []}
      columns={columns}
      pagination={{ current: page, total: data?.total ?? 0, pageSize: 20, size: 'small', onChange: setPage }}
    />
  );
}

function DroneLog({ droneId }: { droneId: string }) {
  const { t } = useTranslation('monitor');
  return (
    <PagedTable
      queryKey={['drone-log', droneId]}
      load={(page) => monitorApi.log(droneId, page, 20)}
      columns={[
        { title: t('log.time'), dataIndex: 'time', render: (v: number) => formatDate(v) },
        { title: t('log.event'), dataIndex: 'type', render: (v: string) => t(`log.type.${v}`) },
      ]}
    />
  );
}

function Anomalies({ droneId }: { droneId: string }) {
  const { t } = useTranslation('monitor');
  return (
    <PagedTable
      queryKey={['drone-anomalies', droneId]}
      load={(page) => monitorApi.anomalies(droneId, page, 20)}
      columns={[
        { title: t('log.time'), dataIndex: 'time', render: (v: number) => formatDate(v) },
        { title: t('anomaly.type'), dataIndex: 'oddType', render: (v: number) => t(`anomaly.odd.${v}`) },
        {
          title: t('anomaly.end'),
          dataIndex: 'endTime',
          render: (v: number | null) => (v ? formatDate(v) : '-'),
        },
      ]}
    />
  );
}
