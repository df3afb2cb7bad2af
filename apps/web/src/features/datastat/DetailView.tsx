/**
 * A stat item's figures: its period, unit and time of computing, notes (settings not applied yet,
 * categories or series added up as "others"), then the chart (bar, line, pie) or the table with its
 * totals row, as the item's showType says. An empty answer shows the empty placeholder (001 §4).
 */
import { formatDate, type StatDetail } from '@agrifleet/domain';
import { Alert, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EChart } from '../../charts/EChart.tsx';
import type { Translate } from '../../list/columns.ts';
import { useCrops } from '../lookups/useCatalog.ts';
import styles from './datastat.module.css';
import { type DetailModel, detailModel } from './detailModel.ts';
import { chartOption } from './options.ts';

type Row = DetailModel['rows'][number];

function DetailTable({
  model,
  format,
  t,
}: {
  model: DetailModel;
  format: (v: number) => string;
  t: Translate;
}) {
  const many = model.series.length > 1;
  const columns: ColumnsType<Row> = [
    { key: 'name', title: t('datastat:category'), dataIndex: 'name', fixed: 'left' },
    ...model.series.map((s, i) => ({
      key: `s-${s.key}`,
      title: s.name,
      align: 'right' as const,
      render: (_: unknown, r: Row) => format(r.values[i] ?? 0),
    })),
    ...(many
      ? [
          {
            key: 'total',
            title: t('datastat:rowTotal'),
            align: 'right' as const,
            render: (_: unknown, r: Row) => format(r.total),
          },
        ]
      : []),
  ];
  const totals = model.totals;
  return (
    <Table<Row>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={model.rows}
      pagination={false}
      scroll={{ x: 'max-content', y: 520 }}
      data-testid="datastat-table"
      summary={
        totals
          ? () => (
              <Table.Summary fixed>
                <Table.Summary.Row className={styles.totals} data-testid="datastat-table-totals">
                  <Table.Summary.Cell index={0}>{t('list:total')}</Table.Summary.Cell>
                  {model.series.map((s, i) => (
                    <Table.Summary.Cell key={s.key} index={i + 1} align="right">
                      {format(totals.values[i] ?? 0)}
                    </Table.Summary.Cell>
                  ))}
                  {many ? (
                    <Table.Summary.Cell index={model.series.length + 1} align="right">
                      {format(totals.total)}
                    </Table.Summary.Cell>
                  ) : null}
                </Table.Summary.Row>
              </Table.Summary>
            )
          : undefined
      }
    />
  );
}

export function DetailView({ detail, t, locale }: { detail: StatDetail; t: Translate; locale: string }) {
  const crops = useCrops();
  const model = detailModel(detail, t, crops.nameOf);
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: model.decimals,
    maximumFractionDigits: model.decimals,
  });
  const format = (v: number) => number.format(v);
  const option = chartOption(model, { format });
  // Every setting applies since issue 22 (tasks, task type and medicine through the tasks' rollup).
  const notes = [detail.capped.x || detail.capped.series ? t('datastat:capped') : null].filter(
    (n): n is string => n !== null,
  );
  return (
    <div className={styles.detail} data-testid="datastat-detail" data-kind={model.kind}>
      <dl className={styles.meta}>
        <div>
          <dt>{t('datastat:col.period')}</dt>
          <dd data-testid="datastat-detail-period">
            {detail.period.from} ~ {detail.period.to}
          </dd>
        </div>
        <div>
          <dt>{t('datastat:col.y')}</dt>
          <dd>
            {model.unit
              ? t('datastat:measureUnit', { measure: t(`datastat:y.${detail.settings.y}`), unit: model.unit })
              : t(`datastat:y.${detail.settings.y}`)}
          </dd>
        </div>
        {detail.totals ? (
          <div>
            <dt>{t('list:total')}</dt>
            <dd data-testid="datastat-detail-total">
              {format(model.totals?.total ?? 0)}
              {model.unit ? ` ${model.unit}` : ''}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('datastat:computedAt')}</dt>
          <dd>{formatDate(detail.computedAt, 'YYYY-MM-DD HH:mm:ss')}</dd>
        </div>
      </dl>
      {notes.map((n) => (
        <Alert key={n} type="info" showIcon title={n} className={styles.note} data-testid="datastat-note" />
      ))}
      {model.empty && model.kind !== 'table' ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list:empty')} />
      ) : option ? (
        <div className={styles.chart} data-testid="datastat-chart">
          <EChart option={option} notMerge style={{ height: '100%', width: '100%' }} />
        </div>
      ) : (
        <DetailTable model={model} format={format} t={t} />
      )}
    </div>
  );
}
