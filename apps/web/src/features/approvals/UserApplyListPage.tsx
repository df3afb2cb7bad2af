/**
 * UserApplyList (/institution_manage/user-apply-list, 001 §2): people asking to join an account,
 * with the user apply filters; a row opens the review dialog (pass creates the staff user, reject
 * needs a reason). The platform sees all; an account's enterprise admin its own (server-side).
 */
import type { UserApplyRecord } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Descriptions } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../list/columns.ts';
import { ListPage } from '../../list/ListPage.tsx';
import { approvalsApi } from './api.ts';
import { phoneText, timeText, userApplyConfig } from './config.ts';
import { ReviewModal } from './ReviewModal.tsx';

export default function UserApplyListPage() {
  const { t: tr } = useTranslation(['approvals', 'list', 'common']);
  const t = tr as unknown as Translate;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<UserApplyRecord | null>(null);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['list', 'user-applies'] }),
    [queryClient],
  );
  const config = useMemo(() => userApplyConfig(t, setOpen), [t]);
  return (
    <>
      <ListPage config={config} title={t('common:screen.UserApplyList')} />
      {open ? (
        <ReviewModal
          title={t('approvals:userApply')}
          status={open.applyStatus}
          reason={open.reason}
          decide={(applyStatus, reason) =>
            approvalsApi.userDecide({ applyId: open.applyId, applyStatus, reason })
          }
          onClose={() => setOpen(null)}
          onDecided={refresh}
        >
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('approvals:col.userName')}>{open.userName}</Descriptions.Item>
            <Descriptions.Item label={t('approvals:col.phoneNum')}>
              {phoneText(open.phoneNum)}
            </Descriptions.Item>
            <Descriptions.Item label={t('approvals:col.accountName')}>{open.accountName}</Descriptions.Item>
            <Descriptions.Item label={t('approvals:col.accountType')}>
              {t(`common:accountType.${open.accountType}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('approvals:col.adminPhone')}>
              {phoneText(open.adminPhone)}
            </Descriptions.Item>
            <Descriptions.Item label={t('approvals:col.createTime')}>
              {timeText(open.createTime)}
            </Descriptions.Item>
          </Descriptions>
        </ReviewModal>
      ) : null}
    </>
  );
}
