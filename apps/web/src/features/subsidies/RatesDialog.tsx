/**
 * The rate tables of a region and year: the versions (newest first, each with its rows, hill
 * regions, remark, author) and a form for a new version (rows of region, crop or every crop, terrain
 * plain or hill, 元/亩 sent as fen per mu; the regions rated as hill). Versions are never edited: a
 * computed or sealed subsidy keeps the version it was computed under.
 */
import { formatDate, type RateTable, TERRAIN_CLASSES } from '@agrifleet/domain';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, InputNumber, Modal, Select, Table, Tabs } from 'antd';
import { useState } from 'react';
import { RegionFilter } from '../../list/RegionFilter.tsx';
import { regionLabel } from '../../list/region.ts';
import { useRegionTree } from '../auth/RegionCascader.tsx';
import { subsidyApi } from './api.ts';
import { useCropOptions } from './crops.ts';
import { formatNumber, type Look } from './model.ts';
import { type RateDraft, rateBody } from './rates.ts';

interface Props {
  year: number;
  region?: number;
  look: Look;
  onClose: () => void;
}

interface Values {
  region?: number;
  rows: RateDraft[];
  hillRegions: Array<number | undefined>;
  remark?: string;
}

export function RatesDialog({ year, region, look, onClose }: Props) {
  const { t } = look;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useRegionTree().data;
  const crops = useCropOptions();
  const cropName = (id: number | null) => (id == null ? t('subsidies:rates.allCrops') : crops.nameOf(id));
  const q = { year, ...(region ? { region } : {}) };
  const versions = useQuery({
    queryKey: ['subsidies', 'rates', q],
    queryFn: ({ signal }) => subsidyApi.rates(q, signal),
  });
  const [tab, setTab] = useState<'list' | 'new'>('list');
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();

  const save = async () => {
    const v = await form.validateFields();
    if (!v.region) return;
    const { body, problems } = rateBody(v.rows ?? [], {
      region: v.region,
      year,
      hillRegions: (v.hillRegions ?? []).filter((h): h is number => typeof h === 'number'),
      remark: v.remark,
    });
    if (!body) {
      const p = problems[0];
      void message.error(
        p ? t(`subsidies:rates.problem.${p.key}`, { line: p.line }) : t('subsidies:rates.noRows'),
      );
      return;
    }
    setBusy(true);
    try {
      await subsidyApi.createRates(body);
      void message.success(t('subsidies:rates.saved'));
      await queryClient.invalidateQueries({ queryKey: ['subsidies', 'rates'] });
      setTab('list');
      form.resetFields();
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const rowsTable = (v: RateTable) => (
    <Table
      size="small"
      pagination={false}
      rowKey={(r) => `${r.regionCode}/${r.cropId}/${r.terrain}`}
      dataSource={v.rows}
      columns={[
        {
          key: 'r',
          title: t('subsidies:col.region'),
          render: (_, r) => regionLabel(tree, r.regionCode) ?? r.regionCode,
        },
        { key: 'c', title: t('subsidies:ev.crop'), render: (_, r) => cropName(r.cropId) },
        {
          key: 'tr',
          title: t('subsidies:ev.terrain'),
          render: (_, r) => t(`subsidies:terrain.${r.terrain}`),
        },
        {
          key: 'f',
          title: t('subsidies:rates.yuanPerMu'),
          align: 'right',
          render: (_, r) => formatNumber(r.fenPerMu / 100, look.locale),
        },
      ]}
    />
  );

  const list = (
    <Table<RateTable>
      size="small"
      rowKey="rateVersionId"
      loading={versions.isLoading}
      dataSource={versions.data?.records ?? []}
      pagination={false}
      data-testid="rates-list"
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('subsidies:rates.none')} />,
      }}
      expandable={{ expandedRowRender: rowsTable }}
      columns={[
        { key: 'v', dataIndex: 'rateVersionId', title: t('subsidies:rates.version') },
        { key: 'r', dataIndex: 'regionName', title: t('subsidies:col.region') },
        { key: 'n', title: t('subsidies:rates.rows'), render: (_, v) => v.rows.length },
        {
          key: 'h',
          title: t('subsidies:rates.hill'),
          render: (_, v) => v.hillRegions.map((h) => regionLabel(tree, h) ?? h).join(', '),
        },
        { key: 'm', dataIndex: 'remark', title: t('subsidies:rates.remark') },
        { key: 'b', dataIndex: 'createdBy', title: t('subsidies:rates.createdBy') },
        {
          key: 'a',
          title: t('subsidies:rates.createdAt'),
          render: (_, v) => formatDate(v.createdAt, 'YYYY-MM-DD HH:mm'),
        },
      ]}
    />
  );

  const create = (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        region,
        rows: [{ regionCode: region, cropId: null, terrain: 'plain' }],
        hillRegions: [],
      }}
    >
      <Form.Item
        name="region"
        label={t('subsidies:rates.tableRegion')}
        rules={[{ required: true, message: t('subsidies:compute.regionRequired') }]}
      >
        <RegionFilter />
      </Form.Item>
      <Form.List name="rows">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <div key={f.key} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                <Form.Item
                  name={[f.name, 'regionCode']}
                  style={{ flex: 3 }}
                  label={f.name === 0 ? t('subsidies:col.region') : undefined}
                >
                  <RegionFilter />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'cropId']}
                  style={{ flex: 2 }}
                  label={f.name === 0 ? t('subsidies:ev.crop') : undefined}
                >
                  <Select allowClear placeholder={t('subsidies:rates.allCrops')} options={crops.options} />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'terrain']}
                  style={{ flex: 2 }}
                  label={f.name === 0 ? t('subsidies:ev.terrain') : undefined}
                >
                  <Select
                    options={TERRAIN_CLASSES.map((c) => ({ value: c, label: t(`subsidies:terrain.${c}`) }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'yuanPerMu']}
                  style={{ flex: 2 }}
                  label={f.name === 0 ? t('subsidies:rates.yuanPerMu') : undefined}
                >
                  <InputNumber min={0} max={10_000} precision={2} style={{ width: '100%' }} />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('subsidies:rates.removeRow')}
                  style={{ marginTop: f.name === 0 ? 30 : 0 }}
                  onClick={() => remove(f.name)}
                />
              </div>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ terrain: 'plain', cropId: null })}>
              {t('subsidies:rates.addRow')}
            </Button>
          </>
        )}
      </Form.List>
      <Form.List name="hillRegions">
        {(fields, { add, remove }) => (
          <Form.Item
            label={t('subsidies:rates.hill')}
            extra={t('subsidies:rates.hillHelp')}
            style={{ marginTop: 16 }}
          >
            {fields.map((f) => (
              <div key={f.key} style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
                <Form.Item name={f.name} noStyle>
                  <RegionFilter />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('subsidies:rates.removeRow')}
                  onClick={() => remove(f.name)}
                />
              </div>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add()}>
              {t('subsidies:rates.addHill')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
      <Form.Item name="remark" label={t('subsidies:rates.remark')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </Form>
  );

  return (
    <Modal
      open
      width={900}
      title={t('subsidies:rates.title', { year })}
      onCancel={onClose}
      cancelText={t('subsidies:close')}
      okText={t('subsidies:rates.save')}
      okButtonProps={{ style: tab === 'new' ? undefined : { display: 'none' } }}
      confirmLoading={busy}
      onOk={save}
      data-testid="subsidy-rates"
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'list' | 'new')}
        items={[
          { key: 'list', label: t('subsidies:rates.versions'), children: list },
          { key: 'new', label: t('subsidies:rates.new'), children: create },
        ]}
      />
    </Modal>
  );
}
