/**
 * WGS-84 <-> GCJ-02 (packages/domain geo/gcj02.ts): one point, or many pasted one per line
 * ("lng,lat", or "lat,lng" when chosen); a line that is not a position is named by its number.
 */
import { type CoordinateSystem, convertCoordinate, parseLngLat } from '@agrifleet/domain';
import { Alert, Button, Card, Input, Radio, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const fmt = (n: number) => n.toFixed(7);

export interface Converted {
  text: string;
  badLines: number[];
}

/** Converts every non-empty line; output keeps the input's order (lng,lat or lat,lng). */
export function convertLines(
  input: string,
  from: CoordinateSystem,
  to: CoordinateSystem,
  latFirst: boolean,
): Converted {
  const out: string[] = [];
  const badLines: number[] = [];
  input.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const p = parseLngLat(line, latFirst);
    if (!p) {
      badLines.push(i + 1);
      return;
    }
    const c = convertCoordinate(p, from, to);
    out.push(latFirst ? `${fmt(c.lat)},${fmt(c.lng)}` : `${fmt(c.lng)},${fmt(c.lat)}`);
  });
  return { text: out.join('\n'), badLines };
}

export function Coordinates() {
  const { t } = useTranslation('tools');
  const [from, setFrom] = useState<CoordinateSystem>('wgs84');
  const [latFirst, setLatFirst] = useState(false);
  const [input, setInput] = useState('');
  const [result, setResult] = useState<Converted | null>(null);
  const to: CoordinateSystem = from === 'wgs84' ? 'gcj02' : 'wgs84';
  const convert = () => setResult(convertLines(input, from, to, latFirst));
  return (
    <Card title={t('coord.title')} data-testid="tool-coord">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Radio.Group
            value={from}
            onChange={(e) => {
              setFrom(e.target.value);
              setResult(null);
            }}
            optionType="button"
            data-testid="coord-direction"
            options={[
              { value: 'wgs84', label: t('coord.wgsToGcj') },
              { value: 'gcj02', label: t('coord.gcjToWgs') },
            ]}
          />
          <Space>
            <Switch size="small" checked={latFirst} onChange={setLatFirst} data-testid="coord-latfirst" />
            <span>{t('coord.latFirst')}</span>
          </Space>
        </Space>
        <Input.TextArea
          rows={4}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder={t(latFirst ? 'coord.placeholderLatFirst' : 'coord.placeholder')}
          data-testid="coord-input"
        />
        <Button type="primary" onClick={convert} disabled={!input.trim()} data-testid="coord-convert">
          {t('coord.convert')}
        </Button>
        {result?.badLines.length ? (
          <Alert
            type="warning"
            showIcon
            data-testid="coord-bad"
            message={t('coord.badLines', { lines: result.badLines.slice(0, 20).join(', ') })}
          />
        ) : null}
        {result?.text ? (
          <Typography.Paragraph copyable={{ text: result.text }} style={{ marginBottom: 0 }}>
            <pre data-testid="coord-output" style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {result.text}
            </pre>
          </Typography.Paragraph>
        ) : null}
        <Typography.Text type="secondary">{t('coord.note')}</Typography.Text>
      </Space>
    </Card>
  );
}
