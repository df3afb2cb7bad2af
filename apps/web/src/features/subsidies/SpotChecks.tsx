/**
 * Spot checks (人工抽检) of a subsidy: the newest draw (its seed, size and time, so anyone can redraw
 * the same sample) and, for callers who may write, a new draw of n sorties with an optional seed and
 * the dialog recording a sampled sortie's inspection (passed / failed, with a note).
 */
import { formatDate, type SubsidyDetail, type SubsidySortieRow } from '@agrifleet/domain';
import { App, Button, Descriptions, Form, Input, InputNumber, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { subsidyApi } from './api.ts';
import type { Look } from './model.ts';

interface Props {
  detail: SubsidyDetail;
  look: Look;
  canWrite: boolean;
  onChanged: () => void;
}

export function SpotChecks({ detail, look, canWrite, onChanged }: Props) {
  const { t } = look;
  const { message } = App.useApp();
  const [size, setSize] = useState<number | null>(Math.min(10, Math.max(1, detail.sortieCount)));
  const [seed, setSeed] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const draw = async () => {
    if (!size) return;
    setBusy(true);
    try {
      await subsidyApi.drawSpotCheck(detail.subsidyId, { size, ...(seed != null ? { seed } : {}) });
      onChanged();
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const s = detail.spotCheck;
  return (
    <div data-testid="subsidy-spot">
      {s ? (
        <Descriptions size="small" column={4} data-testid="spot-draw">
          <Descriptions.Item label={t('subsidies:spot.seed')}>
            <span data-testid="spot-seed">{s.seed}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('subsidies:spot.size')}>{s.size}</Descriptions.Item>
          <Descriptions.Item label={t('subsidies:spot.drawnAt')}>
            {formatDate(s.drawnAt, 'YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          <Descriptions.Item label={t('subsidies:spot.sample')}>{s.sortieIds.join(', ')}</Descriptions.Item>
        </Descriptions>
      ) : (
        <p>{t('subsidies:spot.none')}</p>
      )}
      {canWrite ? (
        <Space wrap>
          <span>{t('subsidies:spot.size')}</span>
          <InputNumber min={1} max={200} value={size} onChange={setSize} data-testid="spot-size" />
          <span>{t('subsidies:spot.seed')}</span>
          <InputNumber
            min={0}
            max={4_294_967_295}
            value={seed}
            onChange={setSeed}
            placeholder={t('subsidies:spot.random')}
            style={{ width: 160 }}
          />
          <Button onClick={draw} loading={busy} disabled={!size} data-testid="spot-draw-button">
            {t('subsidies:spot.draw')}
          </Button>
        </Space>
      ) : null}
    </div>
  );
}

export function RecordDialog({
  subsidyId,
  row,
  look,
  onClose,
  onSaved,
}: {
  subsidyId: number;
  row: SubsidySortieRow;
  look: Look;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = look;
  const { message } = App.useApp();
  const [form] = Form.useForm<{ result: 'passed' | 'failed'; note?: string }>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const note = v.note?.trim();
      await subsidyApi.recordSpotCheck(subsidyId, row.sortieId, {
        result: v.result,
        ...(note ? { note } : {}),
      });
      void message.success(t('subsidies:spot.saved'));
      onSaved();
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('subsidies:spot.recordTitle', { id: row.sortieId })}
      onCancel={onClose}
      onOk={save}
      confirmLoading={busy}
      okText={t('subsidies:spot.save')}
      cancelText={t('list:cancel')}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ result: row.spotCheck ?? 'passed', note: row.spotCheckNote ?? '' }}
      >
        <Form.Item name="result" label={t('subsidies:spot.result')} rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: 'passed', label: t('subsidies:spot.passed') },
              { value: 'failed', label: t('subsidies:spot.failed') },
            ]}
          />
        </Form.Item>
        <Form.Item name="note" label={t('subsidies:spot.note')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
