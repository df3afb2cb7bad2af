/**
 * PartWhiteList (/business_manage/accessory-white-list, 002 §7 device/deviceWhiteList; issue 23
 * point 4): the accessory whitelist on the shared list pattern (src/list, config.ts) with the
 * upload dialog (UploadDialog.tsx). A manufacturer sees its own entries; the platform every
 * account's, with the account column.
 */
import type { WhitelistUploadResult } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session.ts';
import type { Translate } from '../../list/columns.ts';
import { ListPage } from '../../list/ListPage.tsx';
import { whitelistConfig } from './config.ts';
import { UploadDialog } from './UploadDialog.tsx';

export default function PartWhiteListPage() {
  const { t: tr } = useTranslation(['whitelist', 'list', 'common']);
  const t = tr as unknown as Translate;
  const { message } = App.useApp();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const config = useMemo(
    () => whitelistConfig(t, { openUpload: () => setUploading(true), showAccount: user?.accountType === 1 }),
    [t, user?.accountType],
  );
  const done = (r: WhitelistUploadResult) => {
    setUploading(false);
    void message.success(t('whitelist:uploaded', { ...r }));
    void queryClient.invalidateQueries({ queryKey: ['list', 'whitelist'] });
  };
  return (
    <>
      <ListPage config={config} title={t('whitelist:title')} />
      <UploadDialog open={uploading} onClose={() => setUploading(false)} onDone={done} />
    </>
  );
}
