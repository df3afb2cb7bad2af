/**
 * Track converter: a GPX, KML or GeoJSON file read in the browser (trackFiles.ts), summarized
 * (tracks, points, length, bounds), optionally moved between WGS-84 and GCJ-02, and downloaded in
 * the chosen format. A bad file shows a translated error.
 */
import type { CoordinateSystem } from '@agrifleet/domain';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Select, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../lib/download.ts';
import {
  MIME,
  outputName,
  readTrackFile,
  shiftTracks,
  summarize,
  TRACK_FORMATS,
  type Track,
  type TrackFormat,
  writeTracks,
} from './trackFiles.ts';

type Shift = 'none' | 'wgs84>gcj02' | 'gcj02>wgs84';

export function TrackConverter() {
  const { t } = useTranslation('tools');
  const [loaded, setLoaded] = useState<{ name: string; tracks: Track[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [format, setFormat] = useState<TrackFormat>('geojson');
  const [shift, setShift] = useState<Shift>('none');

  const pick = async (file: File) => {
    const r = await readTrackFile(file);
    if (r.ok) {
      setLoaded({ name: file.name, tracks: r.tracks });
      setError(null);
    } else {
      setLoaded(null);
      setError(t(r.message, r.vars));
    }
    return false;
  };

  const save = () => {
    if (!loaded) return;
    const [from, to] = shift === 'none' ? ['wgs84', 'wgs84'] : (shift.split('>') as [string, string]);
    const tracks = shiftTracks(loaded.tracks, from as CoordinateSystem, to as CoordinateSystem);
    saveFile(outputName(loaded.name, format), writeTracks(tracks, format), MIME[format]);
  };

  const s = loaded ? summarize(loaded.tracks) : null;
  return (
    <Card title={t('track.title')} data-testid="tool-track">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Upload accept=".gpx,.kml,.geojson,.json" showUploadList={false} beforeUpload={pick} maxCount={1}>
          <Button icon={<UploadOutlined />} data-testid="track-pick">
            {t('track.pick')}
          </Button>
        </Upload>
        {error ? <Alert type="error" showIcon message={error} data-testid="track-error" /> : null}
        {loaded && s ? (
          <>
            <Descriptions size="small" column={2} bordered data-testid="track-summary">
              <Descriptions.Item label={t('track.file')}>{loaded.name}</Descriptions.Item>
              <Descriptions.Item label={t('track.tracks')}>{s.tracks}</Descriptions.Item>
              <Descriptions.Item label={t('track.points')}>
                <span data-testid="track-points">{s.points}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('track.length')}>
                {t('track.km', { km: (s.lengthM / 1000).toFixed(3) })}
              </Descriptions.Item>
              <Descriptions.Item label={t('track.bounds')} span={2}>
                {s.bbox ? s.bbox.map((n) => n.toFixed(6)).join(', ') : '-'}
              </Descriptions.Item>
            </Descriptions>
            <Space wrap>
              <span>{t('track.to')}</span>
              <Select
                value={format}
                onChange={setFormat}
                style={{ width: 120 }}
                data-testid="track-format"
                options={TRACK_FORMATS.map((f) => ({ value: f, label: t(`track.format.${f}`) }))}
              />
              <Select
                value={shift}
                onChange={setShift}
                style={{ width: 220 }}
                data-testid="track-shift"
                options={(['none', 'wgs84>gcj02', 'gcj02>wgs84'] as const).map((v) => ({
                  value: v,
                  label: t(`track.shift.${v.replace('>', '_')}`),
                }))}
              />
              <Button type="primary" onClick={save} data-testid="track-download">
                {t('track.download')}
              </Button>
            </Space>
          </>
        ) : null}
      </Space>
    </Card>
  );
}
