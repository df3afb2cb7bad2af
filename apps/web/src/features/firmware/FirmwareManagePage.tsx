/**
 * FirmwareManage (002 §2 `/business_manage/firmware-list`; issue 23 point 1): signing keys, plain
 * firmware and the MCUboot images made from it (signed, encrypted for the model's device key),
 * remote-controller statements, and verification of images and drone-signed flight logs.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagesTab } from './ImagesTab.tsx';
import { KeysTab } from './KeysTab.tsx';
import { PlainTab } from './PlainTab.tsx';
import { RcTab } from './RcTab.tsx';
import { VerifyTab } from './VerifyTab.tsx';

export default function FirmwareManagePage() {
  const { t } = useTranslation('firmware');
  const client = useQueryClient();
  const [tab, setTab] = useState('keys');
  return (
    <div data-testid="firmware-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'keys', label: t('tab.keys'), children: <KeysTab /> },
          {
            key: 'plain',
            label: t('tab.plain'),
            children: (
              <PlainTab
                onEncrypted={() => {
                  void client.invalidateQueries({ queryKey: ['firmware', 'images'] });
                  setTab('images');
                }}
              />
            ),
          },
          { key: 'images', label: t('tab.images'), children: <ImagesTab /> },
          { key: 'rc', label: t('tab.rc'), children: <RcTab /> },
          { key: 'verify', label: t('tab.verify'), children: <VerifyTab /> },
        ]}
      />
    </div>
  );
}
