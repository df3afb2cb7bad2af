/** A lessor's balance correction (adjustBalance): an amount that may be negative and a reason. */
import { currencyDigits, MAX_MAJOR_AMOUNT } from '@agrifleet/domain';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyApi } from './api.ts';

interface Props {
  open: boolean;
  accountId: number;
  currency: string;
  onClose: () => void;
  onDone: () => void;
}

export function AdjustDialog({ open, accountId, currency, onClose, onDone }: Props) {
  const { t } = useTranslation(['leasingMoney', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  const [busy, setBusy] = useState(false);
  const digits = currencyDigits(currency);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await moneyApi.adjust({ accountId, amount: v.amount, reason: v.reason.trim() });
      void message.success(t('adjust.done'));
      form.resetFields();
      onDone();
      onClose();
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('adjust.title')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="amount"
          label={t('adjust.amount', { currency })}
          extra={t('adjust.amountHelp')}
          rules={[
            { required: true, message: t('adjust.amountRequired') },
            {
              validator: (_, v: number | null) =>
                v == null || (v !== 0 && Math.abs(v) <= MAX_MAJOR_AMOUNT)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('adjust.amountNonZero'))),
            },
          ]}
        >
          <InputNumber<number>
            style={{ width: '100%' }}
            min={-MAX_MAJOR_AMOUNT}
            max={MAX_MAJOR_AMOUNT}
            precision={digits}
            data-testid="adjust-amount"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('adjust.reason')}
          rules={[{ required: true, whitespace: true, message: t('adjust.reasonRequired') }, { max: 200 }]}
        >
          <Input.TextArea maxLength={200} showCount rows={3} data-testid="adjust-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
