/**
 * The 'Add client' dialog: look the operator account up by its admin phone (getCustomerByPhone),
 * then its prices, currency, credit limit and whether it starts in debugging (addCustomer).
 */
import type { CustomerByPhone } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/http.ts';
import type { Translate } from '../../../list/columns.ts';
import { clientsApi } from './api.ts';
import { addClientBody, addClientFields, currencyOptions } from './config.ts';

export function AddClientDialog({
  t,
  onClose,
  onSaved,
}: {
  t: Translate;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [phone, setPhone] = useState('');
  const [found, setFound] = useState<CustomerByPhone | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const currencies = useQuery({
    queryKey: ['leasing', 'currencies'],
    queryFn: clientsApi.currencies,
    retry: false,
  });
  const options = currencyOptions(currencies.data).map((o) => ({
    value: o.value,
    label: o.label ?? t(o.labelKey ?? String(o.value)),
  }));

  const lookup = async () => {
    setFound(null);
    setLookupError(null);
    if (!/^\d{5,20}$/.test(phone.trim())) {
      setLookupError(t('leasingClients:add.phoneInvalid'));
      return;
    }
    setBusy(true);
    try {
      setFound(await clientsApi.byPhone(phone.trim()));
    } catch (err) {
      setLookupError(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!found) return;
    const values = await form.validateFields();
    setBusy(true);
    try {
      await clientsApi.add(addClientBody(found.accountId, values));
      void message.success(t('common:created'));
      onSaved();
      onClose();
    } catch (err) {
      if ((err as Error).message) void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('leasingClients:add.title')}
      onCancel={onClose}
      onOk={save}
      okText={t('list:save')}
      cancelText={t('list:cancel')}
      okButtonProps={{ disabled: !found || found.isClient, loading: busy }}
      width={560}
      destroyOnHidden
    >
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Input
          placeholder={t('leasingClients:add.phone')}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          onPressEnter={lookup}
          data-testid="client-add-phone"
        />
        <Button type="primary" onClick={lookup} loading={busy} data-testid="client-add-lookup">
          {t('leasingClients:add.lookup')}
        </Button>
      </Space.Compact>
      {lookupError ? (
        <Alert type="warning" showIcon title={lookupError} style={{ marginBottom: 16 }} />
      ) : null}
      {found ? (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('leasingClients:col.accountName')}>
              {found.accountName}
            </Descriptions.Item>
            <Descriptions.Item label={t('leasingClients:col.userName')}>{found.userName}</Descriptions.Item>
          </Descriptions>
          {found.isClient ? (
            <Alert type="info" showIcon title={t('leasingClients:add.already')} />
          ) : (
            // Its names are masked until it consents; say why, and what comes next.
            <Alert
              type="info"
              showIcon
              title={t('leasingClients:add.consentHint')}
              style={{ marginBottom: 16 }}
              data-testid="client-add-consent"
            />
          )}
          {found.isClient ? null : (
            <Form
              form={form}
              layout="vertical"
              initialValues={{ currency: 'CNY', creditLimit: 0, debug: false }}
            >
              <Row gutter={16}>
                {addClientFields.map((f) => (
                  <Col span={f.span} key={f.name}>
                    <Form.Item
                      name={f.name}
                      label={t(f.label)}
                      rules={[
                        { required: f.required, message: t('list:required', { label: t(f.label) }) },
                        {
                          validator: (_r, v) =>
                            v === undefined || v === null || f.schema.safeParse(v).success
                              ? Promise.resolve()
                              : Promise.reject(new Error(t(f.invalid))),
                        },
                      ]}
                    >
                      <InputNumber min={0} style={{ width: '100%' }} data-testid={`client-add-${f.name}`} />
                    </Form.Item>
                  </Col>
                ))}
                <Col span={12}>
                  <Form.Item
                    name="currency"
                    label={t('leasingClients:form.currency')}
                    rules={[{ required: true }]}
                  >
                    <Select options={options} data-testid="client-add-currency" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="debug"
                    label={t('leasingClients:form.debug')}
                    valuePropName="checked"
                    extra={t('leasingClients:form.debugHelp')}
                  >
                    <Switch />
                  </Form.Item>
                </Col>
              </Row>
            </Form>
          )}
        </>
      ) : null}
    </Modal>
  );
}
