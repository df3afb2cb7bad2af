/**
 * 'Lease drones': a client (getVerifiedCustomer), drones that can be leased now (getRentalDrones,
 * online first), the lease model (what the lessor's model allows), prices prefilled from the client,
 * the daily base fee switch and the start time; one addRental call.
 */

import { type CustomerRecord, majorAmountSchema, toMajor } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Col, DatePicker, Form, InputNumber, Modal, Row, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { instantOfPicker, pickerNow } from '../../../lib/statDay.ts';
import type { Translate } from '../../../list/columns.ts';
import { clientsApi } from '../clients/api.ts';
import { leasesApi } from './api.ts';
import { addRentalBody, leaseModelChoices } from './config.ts';

export function LeaseDronesDialog({
  t,
  models,
  onClose,
  onSaved,
}: {
  t: Translate;
  models: number[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  // Its own key: the list filter keeps the same call's options (value, label) under ['leasing', 'verifiedClients'].
  const clients = useQuery({
    queryKey: ['leasing', 'verifiedClients', 'rows'],
    queryFn: clientsApi.verified,
  });
  const drones = useQuery({ queryKey: ['leasing', 'rentalDrones'], queryFn: leasesApi.drones });
  const choices = leaseModelChoices(models);

  /** Prefills the prices from the client's record. */
  const onClient = async (accountId: number) => {
    const page = await clientsApi.page({ pageIndex: 1, size: 999 });
    const c = page.records.find((r: CustomerRecord) => r.accountId === accountId);
    if (c)
      form.setFieldsValue({
        muUnitPrice: toMajor(c.muUnitPrice, c.currency),
        durationPrice: toMajor(c.durationPrice, c.currency),
      });
  };

  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await leasesApi.add(
        addRentalBody({ ...v, startTime: v.startTime ? instantOfPicker(v.startTime as Dayjs) : null }),
      );
      void message.success(t('common:created'));
      onSaved();
      onClose();
    } catch (err) {
      if ((err as Error).message) void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const amount = (name: string, label: string) => (
    <Col span={12}>
      <Form.Item
        name={name}
        label={t(label)}
        rules={[
          {
            validator: (_r, v) =>
              v === undefined || v === null || majorAmountSchema.safeParse(v).success
                ? Promise.resolve()
                : Promise.reject(new Error(t('leasingClients:form.amountInvalid'))),
          },
        ]}
      >
        <InputNumber min={0} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open
      title={t('leasingClients:lease.add.title')}
      onCancel={onClose}
      onOk={save}
      okText={t('list:save')}
      cancelText={t('list:cancel')}
      okButtonProps={{ loading: busy }}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ leaseModel: choices[0], dailyFee: false, startTime: pickerNow() }}
      >
        <Form.Item
          name="accountId"
          label={t('leasingClients:lease.filter.client')}
          rules={[
            {
              required: true,
              message: t('list:required', { label: t('leasingClients:lease.filter.client') }),
            },
          ]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={clients.isLoading}
            options={(clients.data ?? []).map((c) => ({ value: c.accountId, label: c.accountName }))}
            onChange={(v: number) => void onClient(v)}
            data-testid="lease-add-client"
          />
        </Form.Item>
        <Form.Item
          name="droneIds"
          label={t('leasingClients:lease.add.drones')}
          rules={[
            { required: true, message: t('list:required', { label: t('leasingClients:lease.add.drones') }) },
          ]}
        >
          <Select
            mode="multiple"
            showSearch
            optionFilterProp="label"
            maxCount={100}
            loading={drones.isLoading}
            options={(drones.data ?? []).map((d) => ({
              value: d.droneId,
              label: `${d.droneId} ${d.droneName}`,
              online: d.online,
              model: d.modelName,
            }))}
            optionRender={(o) => (
              <span>
                <Badge status={o.data.online ? 'success' : 'default'} /> {o.data.label}{' '}
                {o.data.model ? `(${o.data.model})` : ''}{' '}
                {t(o.data.online ? 'leasingClients:lease.add.online' : 'leasingClients:lease.add.offline')}
              </span>
            )}
            data-testid="lease-add-drones"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="leaseModel"
              label={t('leasingClients:lease.col.leaseModel')}
              rules={[{ required: true }]}
            >
              <Select options={choices.map((m) => ({ value: m, label: t(`leasing:leaseModel.${m}`) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="startTime" label={t('leasingClients:lease.col.startTime')}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {amount('muUnitPrice', 'leasingClients:form.muUnitPrice')}
          {amount('durationPrice', 'leasingClients:form.durationPrice')}
          <Col span={24}>
            <Form.Item
              name="dailyFee"
              label={t('leasingClients:lease.form.dailyFee')}
              valuePropName="checked"
              extra={t('leasingClients:lease.form.dailyFeeHelp')}
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
