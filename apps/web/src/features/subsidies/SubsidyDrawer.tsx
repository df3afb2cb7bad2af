/**
 * A subsidy's detail, so a county auditor reads why part of the area was not paid: its header
 * (programme, operator, rule and rate version, areas, amount, status, digest), the deductions by
 * reason (chart and table), the track on the map coloured by verdict, the spot checks, and every
 * sortie's evidence. Actions: export the evidence (.xlsx) and the track (KML); check the seal; for
 * callers who may write, seal (after a confirmation: it freezes the evidence) and delete (unsealed).
 */
import { formatDate, type SubsidySortieRow } from '@agrifleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Empty, Space, Spin, Table, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { EChart } from '../../charts/EChart.tsx';
import { subsidyApi } from './api.ts';
import { programmeName } from './config.ts';
import { EvidenceTable } from './EvidenceTable.tsx';
import { exportEvidence, exportKml } from './exports.ts';
import {
  formatArea,
  formatNumber,
  formatYuan,
  isSealed,
  type Look,
  reasonChartOption,
  reasonKey,
  reasonRows,
  statusKey,
} from './model.ts';
import { RecordDialog, SpotChecks } from './SpotChecks.tsx';
import styles from './subsidies.module.css';
import { TrackMap } from './TrackMap.tsx';

interface Props {
  subsidyId: number;
  look: Look;
  canWrite: boolean;
  onClose: () => void;
  onChanged: () => void;
  onDeleted: () => void;
}

export function SubsidyDrawer({ subsidyId, look, canWrite, onClose, onChanged, onDeleted }: Props) {
  const { t } = look;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['subsidies', 'detail', subsidyId],
    queryFn: ({ signal }) => subsidyApi.detail(subsidyId, signal),
  });
  const track = useQuery({
    queryKey: ['subsidies', 'track', subsidyId],
    queryFn: ({ signal }) => subsidyApi.track(subsidyId, signal),
  });
  const [version, setVersion] = useState(0);
  const [recording, setRecording] = useState<SubsidySortieRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const reload = () => {
    setVersion((v) => v + 1);
    void queryClient.invalidateQueries({ queryKey: ['subsidies', 'detail', subsidyId] });
    onChanged();
  };
  const d = detail.data;

  const run = async (key: string, fn: (signal: AbortSignal) => Promise<void>) => {
    const controller = new AbortController();
    abort.current = controller;
    setBusy(key);
    try {
      await fn(controller.signal);
    } catch (err) {
      if (!controller.signal.aborted) void message.error((err as Error).message || t('list:exportFailed'));
    } finally {
      setBusy(null);
    }
  };
  const seal = () =>
    modal.confirm({
      title: t('subsidies:seal.title'),
      content: t('subsidies:seal.content'),
      okText: t('subsidies:action.seal'),
      cancelText: t('list:cancel'),
      onOk: () =>
        run('seal', async () => {
          await subsidyApi.seal(subsidyId);
          void message.success(t('subsidies:seal.done'));
          reload();
        }),
    });
  const check = () =>
    run('check', async () => {
      const c = await subsidyApi.check(subsidyId);
      if (c.ok) void message.success(t('subsidies:check.ok'));
      else
        modal.warning({
          title: t(c.sealed ? 'subsidies:check.changed' : 'subsidies:check.unsealed'),
          content: (
            <ul data-testid="check-problems">
              {c.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
              {c.sealed && !c.inLog ? <li>{t('subsidies:check.notInLog')}</li> : null}
            </ul>
          ),
        });
    });
  const remove = () =>
    modal.confirm({
      title: t('subsidies:delete.title'),
      content: t('subsidies:delete.content', { name: d?.yyAccountName ?? '' }),
      okButtonProps: { danger: true },
      okText: t('subsidies:action.delete'),
      cancelText: t('list:cancel'),
      onOk: () =>
        run('delete', async () => {
          await subsidyApi.remove(subsidyId);
          void message.success(t('common:deleted'));
          onDeleted();
        }),
    });

  const reasons = d ? reasonRows(d.byReason) : [];
  const u = { unit: look.unitLabel };
  return (
    <Drawer
      open
      onClose={onClose}
      size={Math.min(1280, Math.round(window.innerWidth * 0.96))}
      title={d ? `${d.yyAccountName} · ${programmeName(d, look)}` : t('subsidies:detail')}
      data-testid="subsidy-detail"
      extra={
        d ? (
          <Space wrap>
            <Button
              loading={busy === 'xlsx'}
              onClick={() =>
                run('xlsx', async (s) => {
                  const n = await exportEvidence(d, look, s);
                  void message.success(t('list:exportDone', { rows: n }));
                })
              }
              data-testid="export-evidence"
            >
              {t('subsidies:action.exportXlsx')}
            </Button>
            <Button
              loading={busy === 'kml'}
              onClick={() => run('kml', (s) => exportKml(d, look, s))}
              data-testid="export-kml"
            >
              {t('subsidies:action.exportKml')}
            </Button>
            <Button loading={busy === 'check'} onClick={check} data-testid="subsidy-check">
              {t('subsidies:action.check')}
            </Button>
            {canWrite && !isSealed(d) ? (
              <>
                <Button type="primary" loading={busy === 'seal'} onClick={seal} data-testid="subsidy-seal">
                  {t('subsidies:action.seal')}
                </Button>
                <Button danger loading={busy === 'delete'} onClick={remove} data-testid="subsidy-delete">
                  {t('subsidies:action.delete')}
                </Button>
              </>
            ) : null}
          </Space>
        ) : null
      }
    >
      {!d ? (
        <Spin />
      ) : (
        <>
          <div className={styles.detailTop}>
            <Descriptions size="small" bordered column={2} data-testid="subsidy-header">
              <Descriptions.Item label={t('subsidies:col.programme')}>
                {programmeName(d, look)}
              </Descriptions.Item>
              <Descriptions.Item label={t('subsidies:col.operator')}>{d.yyAccountName}</Descriptions.Item>
              <Descriptions.Item label={t('subsidies:col.region')}>{d.regionName}</Descriptions.Item>
              <Descriptions.Item label={t('subsidies:filter.year')}>{d.year}</Descriptions.Item>
              <Descriptions.Item label={t('subsidies:head.rule')}>{d.ruleVersion}</Descriptions.Item>
              <Descriptions.Item label={t('subsidies:head.rateVersion')}>{d.rateVersionId}</Descriptions.Item>
              <Descriptions.Item label={t('subsidies:col.sorties')}>
                {formatNumber(d.sortieCount, look.locale, 0)}
              </Descriptions.Item>
              <Descriptions.Item label={t('subsidies:head.quota', u)}>
                {d.quotaMu == null ? t('subsidies:head.noQuota') : formatArea(d.quotaMu, look)}
              </Descriptions.Item>
              <Descriptions.Item label={t('subsidies:col.monitoredMu', u)}>
                {formatArea(d.monitoredMu, look)}
              </Descriptions.Item>
              <Descriptions.Item label={t('subsidies:col.qualifiedMu', u)}>
                {formatArea(d.qualifiedMu, look)}
              </Descriptions.Item>
              <Descriptions.Item label={t('subsidies:col.paidMu', u)}>
                {formatArea(d.paidMu, look)}
              </Descriptions.Item>
              <Descriptions.Item label={t('subsidies:col.amount')}>
                {formatYuan(d.amountFen, look.locale)}
              </Descriptions.Item>
              <Descriptions.Item label={t('subsidies:col.status')}>
                <Tag color={isSealed(d) ? 'green' : 'blue'}>{t(statusKey(d))}</Tag>
                {d.sealedAt ? formatDate(d.sealedAt, 'YYYY-MM-DD HH:mm') : null}
              </Descriptions.Item>
              <Descriptions.Item label={t('subsidies:head.computedAt')}>
                {formatDate(d.computedAt, 'YYYY-MM-DD HH:mm')}
              </Descriptions.Item>
              <Descriptions.Item label={t('subsidies:head.digest')} span={2}>
                <span className={styles.digest} data-testid="subsidy-digest">
                  {d.digest ?? t('subsidies:head.noDigest')}
                </span>
              </Descriptions.Item>
            </Descriptions>
            <div data-testid="subsidy-reasons">
              <h3 className={styles.section} style={{ marginTop: 0 }}>
                {t('subsidies:reasons.title', u)}
              </h3>
              {reasons.length ? (
                <>
                  <EChart
                    option={reasonChartOption(d.byReason, look)}
                    notMerge
                    style={{ height: Math.max(120, reasons.length * 32 + 24) }}
                  />
                  <Table
                    size="small"
                    pagination={false}
                    rowKey="reason"
                    dataSource={reasons}
                    columns={[
                      {
                        key: 'r',
                        title: t('subsidies:reasons.reason'),
                        render: (_, r) => t(reasonKey(r.reason)),
                      },
                      {
                        key: 'm',
                        title: t('subsidies:deducted', u),
                        align: 'right',
                        render: (_, r) => formatArea(r.mu, look),
                      },
                      {
                        key: 'h',
                        title: t('subsidies:reasons.meaning'),
                        render: (_, r) => t(`subsidies:reasonHelp.${r.reason}`),
                      },
                    ]}
                  />
                </>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('subsidies:reasons.none')} />
              )}
            </div>
          </div>
          <h3 className={styles.section}>{t('subsidies:track')}</h3>
          <TrackMap track={track.data} look={look} />
          <h3 className={styles.section}>{t('subsidies:spot.title')}</h3>
          <SpotChecks detail={d} look={look} canWrite={canWrite && !isSealed(d)} onChanged={reload} />
          <h3 className={styles.section}>{t('subsidies:evidence')}</h3>
          <EvidenceTable
            subsidyId={subsidyId}
            look={look}
            version={version}
            onRecord={canWrite && !isSealed(d) ? setRecording : undefined}
          />
          {recording ? (
            <RecordDialog
              subsidyId={subsidyId}
              row={recording}
              look={look}
              onClose={() => setRecording(null)}
              onSaved={reload}
            />
          ) : null}
        </>
      )}
    </Drawer>
  );
}
