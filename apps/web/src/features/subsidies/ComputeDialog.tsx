/**
 * The compute dialog: the subsidies of a programme, a unified task (from the task list) or a
 * region's yearly scheme, with an optional quota per operator (typed in the user's unit, sent in mu),
 * then the result (subsidies, sorties, the three areas, amount, sealed ones kept, time taken).
 */
import { type SubsidyComputeBody, type SubsidyComputeResult, subsidyComputeBody } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Descriptions, Form, InputNumber, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { RegionFilter } from '../../list/RegionFilter.tsx';
import { subsidyApi } from './api.ts';
import { yearOptions } from './config.ts';
import { areaIn, formatArea, formatNumber, formatYuan, type Look } from './model.ts';

interface Props {
  year: number;
  region?: number;
  look: Look;
  onClose: () => void;
  onDone: () => void;
}

interface Values {
  by: 'task' | 'region';
  tftzId?: number;
  region?: number;
  year: number;
  quota?: number | null;
}

export function ComputeDialog({ year, region, look, onClose, onDone }: Props) {
  const { t } = look;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const by = Form.useWatch('by', form) ?? 'task';
  const chosenYear = Form.useWatch('year', form) ?? year;
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SubsidyComputeResult | null>(null);
  const tasks = useQuery({
    queryKey: ['subsidies', 'tasks', chosenYear],
    queryFn: ({ signal }) => subsidyApi.tasks(chosenYear, signal),
  });

  const submit = async () => {
    const v = await form.validateFields();
    const body: SubsidyComputeBody = {
      year: v.year,
      ...(v.by === 'task' ? { tftzId: v.tftzId } : { region: v.region }),
      // The quota is typed in the user's unit: mu = units / units per mu.
      ...(v.quota ? { quotaMu: v.quota / areaIn(1, look.unit) } : {}),
    } as SubsidyComputeBody;
    if (!subsidyComputeBody.safeParse(body).success) {
      void message.error(t('subsidies:compute.invalid'));
      return;
    }
    setBusy(true);
    try {
      setResult(await subsidyApi.compute(body));
      onDone();
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const n = (v: number) => formatNumber(v, look.locale, 0);
  return (
    <Modal
      open
      title={t('subsidies:compute.title')}
      onCancel={onClose}
      onOk={result ? onClose : submit}
      okText={result ? t('subsidies:close') : t('subsidies:action.compute')}
      cancelButtonProps={result ? { style: { display: 'none' } } : undefined}
      cancelText={t('list:cancel')}
      confirmLoading={busy}
      width={560}
      destroyOnHidden
      data-testid="subsidy-compute"
    >
      {result ? (
        <Descriptions column={2} size="small" bordered data-testid="subsidy-compute-result">
          <Descriptions.Item label={t('subsidies:card.subsidies')}>{n(result.subsidies)}</Descriptions.Item>
          <Descriptions.Item label={t('subsidies:card.sorties')}>{n(result.sorties)}</Descriptions.Item>
          <Descriptions.Item label={t('subsidies:card.monitored', { unit: look.unitLabel })}>
            {formatArea(result.monitoredMu, look)}
          </Descriptions.Item>
          <Descriptions.Item label={t('subsidies:card.qualified', { unit: look.unitLabel })}>
            {formatArea(result.qualifiedMu, look)}
          </Descriptions.Item>
          <Descriptions.Item label={t('subsidies:card.paid', { unit: look.unitLabel })}>
            {formatArea(result.paidMu, look)}
          </Descriptions.Item>
          <Descriptions.Item label={t('subsidies:card.amount')}>
            {formatYuan(result.amountFen, look.locale)}
          </Descriptions.Item>
          <Descriptions.Item label={t('subsidies:compute.keptSealed')}>
            {n(result.keptSealed)}
          </Descriptions.Item>
          <Descriptions.Item label={t('subsidies:compute.ms')}>
            {t('subsidies:compute.seconds', { s: formatNumber(result.ms / 1000, look.locale) })}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Form<Values> form={form} layout="vertical" initialValues={{ by: 'task', year, region }}>
          <Form.Item name="by" label={t('subsidies:compute.by')}>
            <Radio.Group
              options={[
                { value: 'task', label: t('subsidies:compute.byTask') },
                { value: 'region', label: t('subsidies:compute.byRegion') },
              ]}
            />
          </Form.Item>
          <Form.Item name="year" label={t('subsidies:filter.year')} rules={[{ required: true }]}>
            <Select options={yearOptions(new Date().getFullYear())} data-testid="compute-year" />
          </Form.Item>
          {by === 'task' ? (
            <Form.Item
              name="tftzId"
              label={t('subsidies:compute.task')}
              rules={[{ required: true, message: t('subsidies:compute.taskRequired') }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={tasks.isLoading}
                data-testid="compute-task"
                options={(tasks.data?.records ?? []).map((r) => ({ value: r.tftzId, label: r.tftzName }))}
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="region"
              label={t('subsidies:filter.region')}
              rules={[{ required: true, message: t('subsidies:compute.regionRequired') }]}
            >
              <RegionFilter data-testid="compute-region" />
            </Form.Item>
          )}
          <Form.Item
            name="quota"
            label={t('subsidies:compute.quota', { unit: look.unitLabel })}
            extra={t('subsidies:compute.quotaHelp')}
          >
            <InputNumber min={0} max={100_000_000} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
