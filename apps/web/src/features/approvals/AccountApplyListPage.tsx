/**
 * AccountApplyList (/institution_manage/account-apply-list, 001 §2): registrations (1) and
 * modifications (2) with the apply filters and the unaudited counts; a row opens the review dialog
 * with what was submitted beside the account's data now, and the decision (pass, reject with a reason).
 */
import type { ApplyPage, ApplyRecord } from '@agrifleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Descriptions, Spin, Table } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../list/columns.ts';
import { ListFigures } from '../../list/ListFigures.tsx';
import { ListPage } from '../../list/ListPage.tsx';
import { approvalsApi } from './api.ts';
import { accountApplyConfig, applyFigures, comparison, phoneText, timeText, valueText } from './config.ts';
import { ReviewModal } from './ReviewModal.tsx';

function AccountApplyDetail({
  row,
  onClose,
  onDecided,
}: {
  row: ApplyRecord;
  onClose: () => void;
  onDecided: () => void;
}) {
  const { t } = useTranslation(['approvals', 'common']);
  const q = useQuery({
    queryKey: ['account-apply', row.applyId],
    queryFn: () => approvalsApi.accountDetail(row.applyId),
  });
  const d = q.data;
  const rows = d ? comparison(d.content, d.current) : [];
  return (
    <ReviewModal
      title={t(`approvals:type.${row.applyType}`)}
      status={d?.applyStatus}
      reason={d?.reason}
      decide={(applyStatus, reason) =>
        approvalsApi.accountDecide({ applyId: row.applyId, applyStatus, reason })
      }
      onClose={onClose}
      onDecided={onDecided}
    >
      {d ? (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('approvals:col.accountName')}>{d.accountName}</Descriptions.Item>
            <Descriptions.Item label={t('approvals:col.accountType')}>
              {t(`common:accountType.${d.accountType}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('approvals:col.phoneNum')}>
              {phoneText(d.phoneNum) || d.email}
            </Descriptions.Item>
            <Descriptions.Item label={t('approvals:col.createTime')}>
              {timeText(d.createTime)}
            </Descriptions.Item>
          </Descriptions>
          <Table
            data-testid="apply-compare"
            size="small"
            pagination={false}
            rowKey="field"
            dataSource={rows}
            rowClassName={(r) => (r.changed ? 'ant-table-row-selected' : '')}
            columns={[
              {
                key: 'field',
                title: t('approvals:detail.field'),
                render: (_, r) => t(`approvals:field.${r.field}`, { defaultValue: r.field }),
              },
              {
                key: 'submitted',
                title: t('approvals:detail.submitted'),
                render: (_, r) => valueText(r.field, r.submitted, t as unknown as Translate),
              },
              {
                key: 'current',
                title: t('approvals:detail.current'),
                render: (_, r) => valueText(r.field, r.current, t as unknown as Translate),
              },
            ]}
          />
        </>
      ) : (
        <Spin />
      )}
    </ReviewModal>
  );
}

export default function AccountApplyListPage() {
  const { t: tr } = useTranslation(['approvals', 'list', 'common']);
  const t = tr as unknown as Translate;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<ApplyRecord | null>(null);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['list', 'account-applies'] });
    void queryClient.invalidateQueries({ queryKey: ['account-apply'] });
  }, [queryClient]);
  const config = useMemo(() => accountApplyConfig(t, setOpen), [t]);
  return (
    <>
      <ListPage
        config={config}
        title={t('common:screen.AccountApplyList')}
        extra={(page: ApplyPage | undefined) => (
          <ListFigures items={applyFigures(page, t)} testId="apply-stats" />
        )}
      />
      {open ? <AccountApplyDetail row={open} onClose={() => setOpen(null)} onDecided={refresh} /> : null}
    </>
  );
}
