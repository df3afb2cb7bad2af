/**
 * The map settings (stored locally, see settings.ts) as switches in a popover opened by a gear button.
 * Satellite imagery and the HD layer need configured URLs (config.ts); without them their switches are
 * disabled and a tooltip says so.
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Switch, Tooltip } from 'antd';
import type { TooltipPlacement } from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { mapConfig } from './config.ts';
import { type MapSettings, useMapSettings } from './settings.ts';

const ROWS: { key: keyof MapSettings; configured?: boolean }[] = [
  { key: 'satellite', configured: Boolean(mapConfig.satelliteStyleUrl) },
  { key: 'hd', configured: Boolean(mapConfig.hdTilesUrl) },
  { key: 'noFly' },
  { key: 'drones' },
  { key: 'offlineDrones' },
  { key: 'blocks' },
  { key: 'alerts' },
];

export function MapSettingsList() {
  const { t } = useTranslation('map');
  const [settings, update] = useMapSettings();
  return (
    <Flex vertical gap={10} style={{ minWidth: 200 }}>
      {ROWS.map(({ key, configured = true }) => {
        const row = (
          <Flex key={key} justify="space-between" align="center" gap={16}>
            <span>{t(`settings.${key}`)}</span>
            <Switch
              size="small"
              aria-label={t(`settings.${key}`)}
              checked={configured && settings[key]}
              disabled={!configured}
              onChange={(on) => update({ [key]: on })}
            />
          </Flex>
        );
        return configured ? (
          row
        ) : (
          <Tooltip key={key} title={t('settings.notConfigured')} placement="left">
            {row}
          </Tooltip>
        );
      })}
    </Flex>
  );
}

export function MapSettingsPanel({ placement = 'bottomRight' }: { placement?: TooltipPlacement }) {
  const { t } = useTranslation('map');
  return (
    <Popover trigger="click" placement={placement} title={t('settings.title')} content={<MapSettingsList />}>
      <Button icon={<SettingOutlined />} aria-label={t('settings.title')} title={t('settings.title')} />
    </Popover>
  );
}
