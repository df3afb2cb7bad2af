/**
 * Settings dialog (000 §2, 480 px): language (English, 中文, ไทย, 한국어, 繁體中文) and area unit
 * (mu, acre, hectare, rai); for platform users also the big-screen switch of the idle switch (000 §4).
 * Choices apply at once; choosing a language also sets that language's default area unit.
 */
import { AREA_UNITS, type AreaUnit, type Language } from '@agrifleet/domain';
import { Button, Form, Modal, Segmented, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bigScreenSetting } from '../../app/idle.ts';
import { currentLanguage, setLanguage } from '../../i18n/index.ts';
import { setAreaUnit, useAreaUnit } from '../../lib/settings.ts';

/** The order of the spec's language dropdown. */
export const LANGUAGE_CHOICES: readonly Language[] = ['en', 'zh', 'th', 'ko', 'zh-TW'];
export const SETTINGS_DIALOG_WIDTH = 480;

interface Props {
  open: boolean;
  onClose: () => void;
  /** Platform users with the stat screen: offer the big-screen (idle) switch. */
  showBigScreen: boolean;
}

export function SettingsDialog({ open, onClose, showBigScreen }: Props) {
  const { t } = useTranslation(['shell', 'common']);
  const unit = useAreaUnit();
  const [bigScreen, setBigScreen] = useState(bigScreenSetting.get);

  return (
    <Modal
      open={open}
      title={t('shell:settings.title')}
      width={SETTINGS_DIALOG_WIDTH}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common:ok')}
        </Button>
      }
    >
      <Form layout="vertical" className="settings-form" style={{ marginTop: 16 }}>
        <Form.Item label={t('shell:settings.language')}>
          <Select
            value={currentLanguage()}
            onChange={(lng: Language) => void setLanguage(lng)}
            options={LANGUAGE_CHOICES.map((lng) => ({ value: lng, label: t(`common:language.${lng}`) }))}
            aria-label={t('shell:settings.language')}
          />
        </Form.Item>
        <Form.Item label={t('shell:settings.areaUnit')}>
          <Segmented<AreaUnit>
            block
            value={unit}
            onChange={setAreaUnit}
            options={AREA_UNITS.map((u) => ({ value: u, label: t(`common:areaUnitName.${u}`) }))}
          />
        </Form.Item>
        {showBigScreen ? (
          <Form.Item label={t('shell:settings.bigScreen')} extra={t('shell:settings.bigScreenHelp')}>
            <Switch
              checked={bigScreen}
              onChange={(on) => {
                bigScreenSetting.set(on);
                setBigScreen(on);
              }}
              aria-label={t('shell:settings.bigScreen')}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
