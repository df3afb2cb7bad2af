/**
 * The drone writes as dialogs (list rows and the detail): update, settings (manufacturer sign, sale
 * status, device type and spray width, rental model; only the parts the caller may change), lock /
 * unlock with the password and the command's state as the drone answers, and change owner with an
 * operator select. The server decides (403); these only offer what it would allow.
 */
import {
  DEVICE_TYPES,
  type DroneActions,
  type DroneRow,
  droneDeviceTypeBody,
  droneSignBody,
  droneUpdateBody,
  RENTAL_MODELS,
  SALE_TYPES,
} from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dronesApi } from './api.ts';
import { CommandState } from './CommandState.tsx';
import type { DroneDialog } from './config.ts';

export interface DialogProps {
  kind: DroneDialog;
  drone: DroneRow;
  actions: DroneActions;
  onClose: () => void;
  /** After a successful write (reload the list or the detail). */
  onDone: () => void;
}

/** Runs a write with the generic success toast, or the server's message as an error toast. */
function useWrite(onDone: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation(['drones', 'common']);
  const [busy, setBusy] = useState(false);
  const run = async <T,>(write: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    try {
      const out = await write();
      void message.success(t('common:updated'));
      onDone();
      return out;
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** antd rule from a zod schema of the contract (the server's own bounds). */
const zodRule = (check: (v: unknown) => boolean, message: string) => ({
  validator: (_: unknown, v: unknown) => (check(v) ? Promise.resolve() : Promise.reject(new Error(message))),
});

function UpdateDialog({ drone, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(['drones', 'list']);
  const [form] = Form.useForm();
  const { busy, run } = useWrite(onDone);
  const models = useQuery({
    queryKey: ['drones', 'models', drone.zzAccountId],
    queryFn: () => dronesApi.models(drone.zzAccountId),
  });
  const save = async () => {
    const v = await form.validateFields();
    const body = { droneId: drone.droneId, ...v };
    if (!droneUpdateBody.safeParse(body).success) return;
    if ((await run(() => dronesApi.update(body))) !== undefined) onClose();
  };
  return (
    <Modal
      open
      title={t('action.update')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={busy}
      okText={t('list:save')}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          flyModelId: drone.flyModelId,
          droneName: drone.droneName,
          regMark: drone.regMark ?? '',
          rackNo: drone.rackNo ?? '',
          buyer: drone.buyer ?? '',
        }}
      >
        <Form.Item name="flyModelId" label={t('col.modelName')} rules={[{ required: true }]}>
          <Select
            data-testid="update-model"
            options={(models.data ?? [{ id: drone.flyModelId, modelName: drone.modelName }]).map((m) => ({
              value: m.id,
              label: m.modelName,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="droneName"
          label={t('col.droneName')}
          rules={[
            zodRule((v) => droneUpdateBody.shape.droneName.safeParse(v).success, t('invalid.droneName')),
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="regMark" label={t('col.regMark')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="rackNo" label={t('col.rackNo')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="buyer" label={t('col.buyer')}>
          <Input maxLength={128} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SettingsDialog({ drone, actions, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(['drones', 'list']);
  const { busy, run } = useWrite(onDone);
  const [sign, setSign] = useState(drone.zzDroneNum ?? '');
  const [sale, setSale] = useState(drone.saleType);
  const [deviceType, setDeviceType] = useState(drone.deviceType);
  const [width, setWidth] = useState<number | null>(drone.sprayWidth);
  const [rental, setRental] = useState<number>(drone.rentalModel ?? 0);
  const row = (label: string, control: React.ReactNode, save: () => void, ok: boolean, id: string) => (
    <Form.Item label={label}>
      <Space.Compact style={{ width: '100%' }}>
        {control}
        <Button type="primary" disabled={!ok || busy} onClick={save} data-testid={`save-${id}`}>
          {t('list:save')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
  const body = { deviceType, sprayWidth: width };
  return (
    <Modal open title={t('action.settings')} onCancel={onClose} footer={null} width={560}>
      <Form layout="vertical">
        {actions.sign &&
          row(
            t('col.zzDroneNum'),
            <Input
              value={sign}
              maxLength={64}
              onChange={(e) => setSign(e.target.value)}
              data-testid="sign-input"
            />,
            () => void run(() => dronesApi.sign(drone.droneId, sign.trim())),
            droneSignBody.safeParse({ zzDroneNum: sign }).success,
            'sign',
          )}
        {actions.sale &&
          row(
            t('col.saleType'),
            <Select
              style={{ flex: 1 }}
              value={sale}
              onChange={setSale}
              options={SALE_TYPES.map((v) => ({ value: v, label: t(`sale.${v}`) }))}
            />,
            () => void run(() => dronesApi.sale(drone.droneId, sale)),
            true,
            'sale',
          )}
        {actions.deviceType &&
          row(
            `${t('col.deviceType')} / ${t('col.sprayWidth')}`,
            <>
              <Select
                style={{ flex: 1 }}
                value={deviceType}
                onChange={setDeviceType}
                options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`deviceType.${v}`) }))}
              />
              <InputNumber value={width} min={0.5} max={50} step={0.5} onChange={setWidth} suffix="m" />
            </>,
            () =>
              void run(() =>
                dronesApi.deviceType(
                  drone.droneId,
                  droneDeviceTypeBody.parse({ deviceType, sprayWidth: width }),
                ),
              ),
            droneDeviceTypeBody.safeParse(body).success,
            'deviceType',
          )}
        {actions.rental &&
          row(
            t('col.rentalModel'),
            <Select
              style={{ flex: 1 }}
              value={rental}
              onChange={setRental}
              options={[
                { value: 0, label: t('rental.none') },
                ...RENTAL_MODELS.map((v) => ({ value: v, label: t(`rental.${v}`) })),
              ]}
            />,
            () => void run(() => dronesApi.rental(drone.droneId, rental === 0 ? null : rental)),
            true,
            'rental',
          )}
      </Form>
    </Modal>
  );
}

function LockDialog({ kind, drone, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(['drones', 'list']);
  const [form] = Form.useForm();
  const { busy, run } = useWrite(onDone);
  const [commandId, setCommandId] = useState<number | null>(null);
  const locking = kind === 'lock';
  const submit = async () => {
    const v = await form.validateFields();
    const r = await run(() =>
      dronesApi.lock({ droneId: drone.droneId, opr: locking ? 1 : 0, password: v.password }),
    );
    if (r) setCommandId(r.commandId);
  };
  return (
    <Modal
      open
      title={t(locking ? 'action.lock' : 'action.unlock')}
      onCancel={onClose}
      footer={
        commandId === null
          ? [
              <Button key="c" onClick={onClose}>
                {t('list:cancel')}
              </Button>,
              <Button
                key="ok"
                type="primary"
                danger={locking}
                loading={busy}
                onClick={submit}
                data-testid="lock-submit"
              >
                {t(locking ? 'action.lock' : 'action.unlock')}
              </Button>,
            ]
          : [
              <Button key="close" type="primary" onClick={onClose} data-testid="lock-close">
                {t('close')}
              </Button>,
            ]
      }
    >
      <p>{t(locking ? 'lock.lockHint' : 'lock.unlockHint', { droneId: drone.droneId })}</p>
      {commandId === null ? (
        <Form form={form} layout="vertical">
          <Form.Item
            name="password"
            label={t('lock.password')}
            rules={[{ required: true, min: 4, max: 32, message: t('lock.passwordRule') }]}
          >
            <Input.Password autoComplete="new-password" data-testid="lock-password" />
          </Form.Item>
          {locking && (
            <Form.Item
              name="confirm"
              label={t('lock.confirm')}
              dependencies={['password']}
              rules={[
                { required: true, message: t('lock.passwordRule') },
                ({ getFieldValue }) => ({
                  validator: (_, v) =>
                    v === getFieldValue('password')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('lock.mismatch'))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" data-testid="lock-confirm" />
            </Form.Item>
          )}
        </Form>
      ) : (
        <CommandState droneId={drone.droneId} commandId={commandId} />
      )}
    </Modal>
  );
}

function OwnerDialog({ drone, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(['drones', 'list']);
  const { busy, run } = useWrite(onDone);
  const [owner, setOwner] = useState<number | null>(null);
  const operators = useQuery({
    queryKey: ['drones', 'operators'],
    queryFn: dronesApi.operators,
    staleTime: 60_000,
  });
  const options = [
    ...(operators.data ?? []).map((o) => ({ value: o.id, label: o.name })),
    { value: drone.zzAccountId, label: t('owner.backToMaker', { name: drone.zzAccountName }) },
  ].filter((o) => o.value !== drone.yyAccountId);
  const save = async () => {
    if (owner === null) return;
    if ((await run(() => dronesApi.owner(drone.droneId, owner))) !== undefined) onClose();
  };
  return (
    <Modal
      open
      title={t('action.owner')}
      onCancel={onClose}
      onOk={save}
      okButtonProps={{ disabled: owner === null }}
      confirmLoading={busy}
      okText={t('list:save')}
    >
      <p>{t('owner.current', { name: drone.yyAccountName ?? t('owner.none') })}</p>
      <Select
        style={{ width: '100%' }}
        showSearch
        optionFilterProp="label"
        placeholder={t('owner.choose')}
        value={owner ?? undefined}
        onChange={setOwner}
        options={options}
        data-testid="owner-select"
      />
      <p style={{ marginTop: 12, color: '#64748b' }}>{t('owner.historyNote')}</p>
    </Modal>
  );
}

export function DroneDialogHost({ dialog: props }: { dialog: DialogProps | null }) {
  if (!props) return null;
  switch (props.kind) {
    case 'update':
      return <UpdateDialog {...props} />;
    case 'settings':
      return <SettingsDialog {...props} />;
    case 'lock':
    case 'unlock':
      return <LockDialog {...props} />;
    case 'owner':
      return <OwnerDialog {...props} />;
  }
}
