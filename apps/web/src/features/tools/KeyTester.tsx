/**
 * Telemetry-key tester: an account key (vid, secret) as a ground station would send it, a drone
 * (offered from the key's drones in the caller's scope), one point as JSON; the server checks the
 * key as the batch route does, validates and ingests the point, and answers what became of it and
 * the drone's live state. The point is real telemetry (the drone shows on the monitor).
 */
import { formatDate, type TelemetryTestDrones, type TelemetryTestResult } from '@agrifleet/domain';
import { Alert, App, AutoComplete, Button, Card, Descriptions, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolsApi } from './api.ts';

/** A point at rest, now, in Nanjing: every field the telemetry contract requires. */
export function samplePoint(recordTime = Date.now()): string {
  return JSON.stringify(
    {
      recordTime,
      lng: 118.7969,
      lat: 32.0603,
      height: 0,
      speed: 0,
      heading: 0,
      battery: 90,
      flow: 0,
      pump: false,
      swath: 5,
      tank: 0,
      mode: 'manual',
    },
    null,
    2,
  );
}

/** The point text with recordTime set to now (a fresh sample when the text is not a JSON object). */
export function withNow(text: string): string {
  try {
    const v = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v))
      return JSON.stringify({ ...v, recordTime: Date.now() }, null, 2);
  } catch {}
  return samplePoint();
}

export function KeyTester() {
  const { t } = useTranslation('tools');
  const { message } = App.useApp();
  const [vid, setVid] = useState('');
  const [secret, setSecret] = useState('');
  const [droneId, setDroneId] = useState('');
  const [pointText, setPointText] = useState(samplePoint);
  const [keyInfo, setKeyInfo] = useState<TelemetryTestDrones | null>(null);
  const [result, setResult] = useState<TelemetryTestResult | null>(null);
  const [busy, setBusy] = useState(false);

  const findDrones = async () => {
    try {
      const info = await toolsApi.keyDrones({ vid: vid.trim(), secret });
      setKeyInfo(info);
      if (info.drones[0] && !droneId) setDroneId(info.drones[0].droneId);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  const send = async () => {
    let point: unknown;
    try {
      point = JSON.parse(pointText);
    } catch {
      void message.error(t('key.notJson'));
      return;
    }
    if (!point || typeof point !== 'object' || Array.isArray(point)) {
      void message.error(t('key.notJson'));
      return;
    }
    setBusy(true);
    try {
      setResult(
        await toolsApi.telemetryTest({
          vid: vid.trim(),
          secret,
          droneId: droneId.trim(),
          point: point as Record<string, unknown>,
        }),
      );
    } catch (err) {
      setResult(null);
      void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const ready = vid.trim() !== '' && secret !== '' && droneId.trim() !== '';
  return (
    <Card title={t('key.title')} data-testid="tool-key">
      <Form layout="vertical">
        <Space wrap align="end">
          <Form.Item label={t('key.vid')} style={{ marginBottom: 8 }}>
            <Input
              value={vid}
              onChange={(e) => setVid(e.target.value)}
              style={{ width: 200 }}
              data-testid="key-vid"
            />
          </Form.Item>
          <Form.Item label={t('key.secret')} style={{ marginBottom: 8 }}>
            <Input.Password
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              style={{ width: 280 }}
              autoComplete="off"
              data-testid="key-secret"
            />
          </Form.Item>
          <Form.Item style={{ marginBottom: 8 }}>
            <Button onClick={findDrones} disabled={!vid.trim() || !secret} data-testid="key-find">
              {t('key.findDrones')}
            </Button>
          </Form.Item>
        </Space>
        {keyInfo ? (
          <Alert
            style={{ marginBottom: 8 }}
            type={keyInfo.keyValid ? 'info' : 'error'}
            showIcon
            data-testid="key-info"
            message={
              keyInfo.keyValid
                ? t('key.keyOf', { account: keyInfo.keyAccountName ?? '-', count: keyInfo.drones.length })
                : t('key.keyInvalid')
            }
          />
        ) : null}
        <Form.Item label={t('key.drone')} style={{ marginBottom: 8 }}>
          <AutoComplete
            value={droneId}
            onChange={setDroneId}
            style={{ width: 320 }}
            data-testid="key-drone"
            placeholder={t('key.dronePlaceholder')}
            options={(keyInfo?.drones ?? []).map((d) => ({
              value: d.droneId,
              label: `${d.droneId} ${d.droneName}`,
            }))}
            filterOption={(input, o) =>
              String(o?.label ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
          />
        </Form.Item>
        <Form.Item label={t('key.point')} style={{ marginBottom: 8 }} extra={t('key.pointHelp')}>
          <Input.TextArea
            rows={8}
            value={pointText}
            onChange={(e) => setPointText(e.target.value)}
            style={{ fontFamily: 'monospace', maxWidth: 520 }}
            data-testid="key-point"
          />
        </Form.Item>
        <Space>
          <Button onClick={() => setPointText(withNow(pointText))} data-testid="key-now">
            {t('key.now')}
          </Button>
          <Button type="primary" onClick={send} loading={busy} disabled={!ready} data-testid="key-send">
            {t('key.send')}
          </Button>
        </Space>
      </Form>
      {result ? <Verdict result={result} /> : null}
    </Card>
  );
}

function Verdict({ result }: { result: TelemetryTestResult }) {
  const { t } = useTranslation('tools');
  const live = result.live;
  return (
    <div style={{ marginTop: 16 }} data-testid="key-result" data-accepted={String(result.accepted)}>
      <Alert
        type={result.accepted ? 'success' : 'error'}
        showIcon
        message={result.accepted ? t('key.accepted') : t('key.refused')}
        description={
          result.reasons.length ? (
            <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="key-reasons">
              {result.reasons.map((r) => (
                <li key={r.code} data-code={r.code}>
                  {r.message}
                </li>
              ))}
            </ul>
          ) : null
        }
      />
      <Descriptions size="small" column={2} bordered style={{ marginTop: 12 }}>
        <Descriptions.Item label={t('key.keyAccount')} span={2}>
          {result.keyAccountName ?? '-'}
        </Descriptions.Item>
        {result.counts ? (
          <Descriptions.Item label={t('key.counts')} span={2}>
            {(
              ['accepted', 'outOfRange', 'outOfTime', 'duplicates', 'implausible', 'pilotUnlinked'] as const
            ).map((k) => (
              <Tag key={k} color={result.counts?.[k] ? (k === 'accepted' ? 'green' : 'orange') : undefined}>
                {t(`key.count.${k}`)}: {result.counts?.[k]}
              </Tag>
            ))}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('key.live')} span={2}>
          {live ? (
            <Space wrap data-testid="key-live">
              <Tag color={live.online ? 'green' : undefined}>
                {live.online ? t('key.online') : t('key.offline')}
              </Tag>
              <Tag>{live.airborne ? t('key.airborne') : t('key.onGround')}</Tag>
              <span>
                {live.lng.toFixed(6)}, {live.lat.toFixed(6)}
              </span>
              <span>{t('key.pointTime', { time: formatDate(live.recordTime) })}</span>
              {live.regionCode ? <span>{t('key.region', { code: live.regionCode })}</span> : null}
            </Space>
          ) : (
            t('key.noLive')
          )}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
