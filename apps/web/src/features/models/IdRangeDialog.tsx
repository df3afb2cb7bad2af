/**
 * "Add ID range": prefix, first and last number and digits; a live preview of the count and the
 * first and last serials (or why the range is refused: empty, over 10,000); then the result:
 * drones created, and the serials that already existed (the first 100 listed, all counted).
 */
import {
  ID_RANGE_EXISTED_LIST_MAX,
  ID_RANGE_NUMBER_MAX,
  ID_RANGE_PREFIX_RE,
  type IdRangeResult,
  type ModelRow,
} from '@agrifleet/domain';
import {
  Alert,
  App,
  type ButtonProps,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Statistic,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { Translate } from '../../list/columns.ts';
import { modelsApi } from './api.ts';
import { previewText, rangePreview } from './config.ts';
import styles from './models.module.css';

interface Values {
  prefix?: string;
  start?: number | null;
  end?: number | null;
  width?: number | null;
}

export function IdRangeDialog({
  row,
  onClose,
  onDone,
  t,
  locale,
}: {
  row: ModelRow;
  onClose: () => void;
  onDone: () => void;
  t: Translate;
  locale: string;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) ?? {};
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<IdRangeResult | null>(null);
  const preview = rangePreview(values);

  const submit = async () => {
    const v = await form.validateFields();
    if (!preview.ok) return;
    setBusy(true);
    try {
      const done = await modelsApi.idRange({
        flyModelId: row.id,
        prefix: v.prefix ?? '',
        start: Number(v.start),
        end: Number(v.end),
        ...(v.width ? { width: Number(v.width) } : {}),
      });
      setResult(done);
      onDone();
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setBusy(false);
    }
  };

  if (result)
    return (
      <Modal
        open
        title={t('models:range.resultTitle', { name: row.modelName })}
        onOk={onClose}
        onCancel={onClose}
        okText={t('models:range.close')}
        okButtonProps={{ 'data-testid': 'range-close' } as ButtonProps}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <div data-testid="range-result">
          <Row gutter={16}>
            <Col span={12}>
              <Statistic title={t('models:range.created')} value={result.created} />
            </Col>
            <Col span={12}>
              <Statistic title={t('models:range.existed')} value={result.existed} />
            </Col>
          </Row>
          {result.existed > 0 ? (
            <>
              <Typography.Paragraph type="secondary" className={styles.existedHead}>
                {t('models:range.existedHelp')}
              </Typography.Paragraph>
              <div className={styles.existed} data-testid="range-existed">
                {result.existedIds.join(', ')}
                {result.existed > result.existedIds.length
                  ? ` ${t('models:range.more', { count: result.existed - result.existedIds.length })}`
                  : ''}
              </div>
            </>
          ) : null}
        </div>
      </Modal>
    );

  return (
    <Modal
      open
      title={t('models:range.title', { name: row.modelName })}
      okText={t('models:range.ok')}
      cancelText={t('list:cancel')}
      okButtonProps={{ disabled: !preview.ok, loading: busy, 'data-testid': 'range-ok' } as ButtonProps}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ prefix: '', start: 1 }}>
        <Form.Item
          name="prefix"
          label={t('models:range.prefix')}
          extra={t('models:range.prefixHelp')}
          rules={[{ pattern: ID_RANGE_PREFIX_RE, message: t('models:range.prefixInvalid') }]}
        >
          <Input maxLength={48} data-testid="range-prefix" />
        </Form.Item>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item
              name="start"
              label={t('models:range.start')}
              rules={[{ required: true, message: t('list:required', { label: t('models:range.start') }) }]}
            >
              <InputNumber
                min={0}
                max={ID_RANGE_NUMBER_MAX}
                precision={0}
                style={{ width: '100%' }}
                data-testid="range-start"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="end"
              label={t('models:range.end')}
              rules={[{ required: true, message: t('list:required', { label: t('models:range.end') }) }]}
            >
              <InputNumber
                min={0}
                max={ID_RANGE_NUMBER_MAX}
                precision={0}
                style={{ width: '100%' }}
                data-testid="range-end"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="width" label={t('models:range.width')}>
              <InputNumber
                min={1}
                max={15}
                precision={0}
                style={{ width: '100%' }}
                data-testid="range-width"
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary">
          {t('models:range.widthHelp', { max: ID_RANGE_EXISTED_LIST_MAX })}
        </Typography.Paragraph>
      </Form>
      <Alert
        type={preview.ok ? 'info' : preview.problem.key === 'incomplete' ? 'info' : 'error'}
        showIcon
        title={previewText(preview, t, locale)}
        data-testid="range-preview"
      />
    </Modal>
  );
}
