/**
 * What is sent to the chosen drones: flight settings (width, height, speed: POST settings) and the
 * commands start, pause, resume and return home (POST command). Each call's commands are listed
 * with their state as the drones answer (the drone list is read again every 2 s while one is open);
 * a refusal (offline, locked, not yours) shows the server's message.
 */
import type { ControlDrone } from '@agrifleet/domain';
import { PLAN_LIMITS } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, InputNumber, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandTag } from '../drones/CommandState.tsx';
import { type ControlCommand, type ControlResult, controlApi, type FlightSettings } from './api.ts';
import { CONTROL_DRONES_KEY } from './useControlDrones.ts';

export const COMMANDS: ControlCommand[] = ['start', 'pause', 'resume', 'returnHome'];

/** Runs a control call: the result, or the server's message kept on screen (and as a toast). */
export function useControlCall() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ControlResult | null>(null);
  const run = async (call: () => Promise<ControlResult>): Promise<ControlResult | null> => {
    setBusy(true);
    setError(null);
    try {
      const out = await call();
      setResult(out);
      await qc.invalidateQueries({ queryKey: CONTROL_DRONES_KEY });
      return out;
    } catch (err) {
      const text = (err as Error).message;
      if (text) {
        setError(text);
        void message.error(text);
      }
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, result, run, clear: () => setError(null) };
}

/** The commands of the last call with each one's state (from the drones' newest command). */
export function CommandResults({
  result,
  drones,
}: {
  result: ControlResult | null;
  drones: readonly ControlDrone[];
}) {
  const { t } = useTranslation(['control', 'drones']);
  if (!result || result.commands.length === 0) return null;
  const byId = new Map(drones.map((d) => [d.droneId, d]));
  return (
    <div data-testid="command-results">
      <div style={{ color: '#64748b', marginBottom: 4 }}>{t('sent', { n: result.commands.length })}</div>
      <Space orientation="vertical" size={2}>
        {result.commands.map((c) => {
          const d = byId.get(c.droneId);
          const last = d?.lastCommand;
          const mine = last && last.id === c.commandId ? last : null;
          const superseded = last && last.id > c.commandId;
          return (
            <Space key={c.commandId} size={6}>
              <span>{d?.droneName ?? c.droneId}</span>
              <span>{t(`drones:command.type.${c.type}`)}</span>
              {superseded ? (
                <span style={{ color: '#94a3b8' }}>{t('superseded')}</span>
              ) : (
                <CommandTag state={mine?.state ?? 'sent'} reason={mine?.reason} />
              )}
            </Space>
          );
        })}
      </Space>
    </div>
  );
}

export interface ControlActionsProps {
  droneIds: readonly string[];
  drones: readonly ControlDrone[];
  /** Settings shown at first (flight control of one drone: what it acknowledged). */
  initial?: FlightSettings;
}

export function ControlActions({ droneIds, drones, initial }: ControlActionsProps) {
  const { t } = useTranslation('control');
  const [form] = Form.useForm<FlightSettings>();
  const call = useControlCall();
  const none = droneIds.length === 0;
  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [initial, form]);
  const sendSettings = async () => {
    const v = await form.validateFields();
    const body: FlightSettings = {};
    if (v.width != null) body.width = v.width;
    if (v.height != null) body.height = v.height;
    if (v.speed != null) body.speed = v.speed;
    if (Object.keys(body).length === 0) {
      call.clear();
      form.setFields([{ name: 'width', errors: [t('settingsNone')] }]);
      return;
    }
    await call.run(() => controlApi.settings([...droneIds], body));
  };
  const num = (name: keyof FlightSettings, min: number, max: number, unit: string) => (
    <Form.Item name={name} label={`${t(`field.${name}`)} (${unit})`} style={{ marginBottom: 8 }}>
      <InputNumber
        min={min}
        max={max}
        step={name === 'speed' ? 0.5 : 1}
        style={{ width: 120 }}
        data-testid={`settings-${name}`}
      />
    </Form.Item>
  );
  return (
    <Card size="small" title={t('actions', { n: droneIds.length })} data-testid="control-actions">
      {none ? <Alert type="info" showIcon title={t('chooseDrones')} style={{ marginBottom: 8 }} /> : null}
      <Form form={form} layout="inline" style={{ rowGap: 4 }}>
        {num('width', PLAN_LIMITS.minWidthM, PLAN_LIMITS.maxWidthM, 'm')}
        {num('height', PLAN_LIMITS.minHeightM, PLAN_LIMITS.maxHeightM, 'm')}
        {num('speed', PLAN_LIMITS.minSpeedMps, PLAN_LIMITS.maxSpeedMps, 'm/s')}
        <Form.Item style={{ marginBottom: 8 }}>
          <Button
            type="primary"
            disabled={none}
            loading={call.busy}
            onClick={sendSettings}
            data-testid="send-settings"
          >
            {t('sendSettings')}
          </Button>
        </Form.Item>
      </Form>
      <Space wrap style={{ margin: '8px 0' }}>
        {COMMANDS.map((c) => (
          <Button
            key={c}
            danger={c === 'returnHome'}
            disabled={none || call.busy}
            onClick={() => void call.run(() => controlApi.command([...droneIds], c))}
            data-testid={`command-${c}`}
          >
            {t(`command.${c}`)}
          </Button>
        ))}
      </Space>
      {call.error ? (
        <Alert
          type="error"
          showIcon
          title={call.error}
          data-testid="control-error"
          style={{ marginBottom: 8 }}
          closable
          onClose={call.clear}
        />
      ) : null}
      <CommandResults result={call.result} drones={drones} />
    </Card>
  );
}
