/**
 * A subsidy's sorties with their evidence (config.ts evidenceColumns), paged, filtered by deduction
 * reason: each deduction shows as a tag with its translated reason and area, an out-of-range dose in
 * red; a sortie in the spot-check sample gets its "record" action (callers who may write).
 */
import { DEDUCTION_REASONS, type DeductionReason, type SubsidySortieRow } from '@agrifleet/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { tableColumns } from '../../list/columns.ts';
import { subsidyApi } from './api.ts';
import { evidenceColumns } from './config.ts';
import { doseText, doseVerdict, formatArea, type Look, reasonKey } from './model.ts';
import styles from './subsidies.module.css';

interface Props {
  subsidyId: number;
  look: Look;
  /** Record a spot check of a sampled sortie (absent: read only). */
  onRecord?: (row: SubsidySortieRow) => void;
  /** Bumped to reload (after a recorded spot check). */
  version: number;
}

export function EvidenceTable({ subsidyId, look, onRecord, version }: Props) {
  const { t } = look;
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [reason, setReason] = useState<DeductionReason | undefined>();
  const q = { currentPage: page, pageSize: size, ...(reason ? { reason } : {}) };
  const sorties = useQuery({
    queryKey: ['subsidies', 'sorties', subsidyId, q, version],
    queryFn: ({ signal }) => subsidyApi.sorties(subsidyId, q, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo(() => {
    const defs = evidenceColumns(look).map((d) => {
      if (d.key === 'deductions')
        return {
          ...d,
          render: (r: SubsidySortieRow) =>
            r.deductions.map((x) => (
              <Tag key={x.reason} color="red" data-testid={`deduction-${x.reason}`}>
                {t(reasonKey(x.reason))} {formatArea(x.mu, look)}
              </Tag>
            )),
        };
      if (d.key === 'dose')
        return {
          ...d,
          render: (r: SubsidySortieRow) => {
            const v = doseVerdict(r);
            return (
              <span className={v === 'low' || v === 'high' ? styles.deducted : undefined}>
                {doseText(r, look)}
                {v === 'low' || v === 'high' ? ` · ${t(`subsidies:dose.${v}`)}` : ''}
              </span>
            );
          },
        };
      return d;
    });
    const cols: ColumnsType<SubsidySortieRow> = tableColumns(defs, t);
    if (onRecord)
      cols.push({
        key: 'record',
        title: t('subsidies:spot.record'),
        fixed: 'right',
        render: (_, r) =>
          r.sampled ? (
            <Button
              size="small"
              type="link"
              onClick={() => onRecord(r)}
              data-testid={`spot-record-${r.sortieId}`}
            >
              {t('subsidies:spot.record')}
            </Button>
          ) : null,
      });
    return cols;
  }, [look, t, onRecord]);

  return (
    <div data-testid="subsidy-evidence">
      <div className={styles.toolbar} style={{ marginBottom: 8 }}>
        <Select<DeductionReason>
          allowClear
          style={{ minWidth: 240 }}
          placeholder={t('subsidies:filter.reason')}
          value={reason}
          data-testid="evidence-reason"
          onChange={(v) => {
            setReason(v);
            setPage(1);
          }}
          options={DEDUCTION_REASONS.map((r) => ({ value: r, label: t(reasonKey(r)) }))}
        />
      </div>
      <Table<SubsidySortieRow>
        size="small"
        rowKey="sortieId"
        loading={sorties.isFetching}
        dataSource={sorties.data?.records ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: size,
          total: sorties.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (p, s) => {
            setPage(s === size ? p : 1);
            setSize(s);
          },
        }}
      />
    </div>
  );
}
