/**
 * Creating or editing a unified task: its terms beside the shared map, where an optional boundary
 * inside the region is drawn (a sortie then counts where half its spray lies in it). The polygon
 * goes through the no-fly zones' geometry check (the server's) before it is sent.
 */
import { TFTZ_NAME_MAX, type UnifiedTaskRow, unifiedTaskCreateBody } from '@agrifleet/domain';
import { Alert, App, Button, DatePicker, Form, Input, Select, Space, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import type { Polygon } from 'geojson';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session.ts';
import { addDays, dayOfPicker, pickerDay, statToday } from '../../lib/statDay.ts';
import { RegionFilter } from '../../list/RegionFilter.tsx';
import { DrawControl, type DrawnShape, type DrawTool } from '../../map/DrawControl.tsx';
import { DrawTools } from '../../map/DrawTools.tsx';
import { MapEditorModal } from '../../map/MapEditorModal.tsx';
import { checkDrawn } from '../nofly/shapes.ts';
import { unifiedTasksApi } from './api.ts';
import {
  type NameCatalog,
  ownRegionOf,
  type TaskFormValues,
  taskBody,
  taskFormValues,
  typeOptions,
} from './config.ts';
import { FitPolygon } from './SortieMap.tsx';

interface Props {
  /** The task edited, or null to create one. */
  record: UnifiedTaskRow | null;
  catalogs: { crops: NameCatalog; workTypes: NameCatalog; medicines: NameCatalog };
  onClose: (saved: boolean) => void;
}

type Values = Omit<TaskFormValues, 'startDate' | 'endDate'> & { days?: [Dayjs, Dayjs] };

export function TaskDialog({ record, catalogs, onClose }: Props) {
  const { t } = useTranslation(['unifiedTasks', 'nofly', 'list', 'common']);
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const user = useSessionUser();
  const initialShape = useMemo<DrawnShape | null>(
    () => (record?.polygon ? { geometry: record.polygon as Polygon } : null),
    [record],
  );
  const [shape, setShape] = useState<DrawnShape | null>(initialShape);
  const [tool, setTool] = useState<DrawTool>(record?.polygon ? 'select' : 'polygon');
  const [saving, setSaving] = useState(false);
  const check = shape ? checkDrawn(shape) : null;
  const problem = check && !check.ok ? t(check.message, check.vars) : null;
  const initial = useMemo(() => {
    const today = statToday();
    const v = taskFormValues(record, today, addDays(today, 29), ownRegionOf(user));
    return { ...v, days: [pickerDay(v.startDate ?? today), pickerDay(v.endDate ?? today)] as [Dayjs, Dayjs] };
  }, [record, user]);

  const drawn = (s: DrawnShape | null) => {
    setShape(s);
    if (s && tool !== 'select') setTool('select');
  };

  const save = async () => {
    const values = await form.validateFields();
    if (problem) return;
    const [a, b] = values.days ?? [];
    const body = taskBody(
      { ...values, startDate: a ? dayOfPicker(a) : undefined, endDate: b ? dayOfPicker(b) : undefined },
      shape ? { type: 'Polygon', coordinates: shape.geometry.coordinates as number[][][] } : null,
    );
    const parsed = unifiedTaskCreateBody.safeParse(body);
    if (!parsed.success) {
      const tooLong = parsed.error.issues.some((i) => i.message === 'too long');
      void message.error(t(tooLong ? 'unifiedTasks:invalid.tooLong' : 'unifiedTasks:invalid.terms'));
      return;
    }
    setSaving(true);
    try {
      if (record) await unifiedTasksApi.patch(record.tftzId, parsed.data);
      else await unifiedTasksApi.create(parsed.data);
      void message.success(t('unifiedTasks:toast.saved'));
      onClose(true);
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  const catalogSelect = (catalog: NameCatalog, testId: string) => (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={t('unifiedTasks:any')}
      data-testid={testId}
      options={catalog.options.map((o) => ({
        value: o.value,
        label: o.label ?? (o.labelKey ? t(o.labelKey) : ''),
      }))}
    />
  );

  return (
    <MapEditorModal
      title={t(record ? 'unifiedTasks:dialog.titleEdit' : 'unifiedTasks:dialog.titleCreate')}
      saving={saving}
      onCancel={() => onClose(false)}
      onSave={save}
      saveTestId="task-save"
      mapTestId="task-map"
      map={
        <>
          <DrawControl tool={tool} shape={shape} onChange={drawn} />
          <FitPolygon polygon={initialShape?.geometry ?? null} />
        </>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item
          name="tftzName"
          label={t('unifiedTasks:col.tftzName')}
          rules={[{ required: true, whitespace: true, max: TFTZ_NAME_MAX }]}
        >
          <Input data-testid="task-name" maxLength={TFTZ_NAME_MAX} />
        </Form.Item>
        <Form.Item name="region" label={t('unifiedTasks:field.region')} rules={[{ required: true }]}>
          <RegionFilter data-testid="task-region" placeholder={t('unifiedTasks:field.region')} />
        </Form.Item>
        <Form.Item name="days" label={t('unifiedTasks:col.period')} rules={[{ required: true }]}>
          <DatePicker.RangePicker allowClear={false} style={{ width: '100%' }} data-testid="task-days" />
        </Form.Item>
        <Form.Item name="tftzType" label={t('unifiedTasks:col.tftzType')} rules={[{ required: true }]}>
          <Select
            data-testid="task-type"
            options={typeOptions.map((o) => ({ value: o.value, label: t(o.labelKey ?? '') }))}
          />
        </Form.Item>
        <Form.Item name="workType" label={t('unifiedTasks:col.workType')}>
          {catalogSelect(catalogs.workTypes, 'task-worktype')}
        </Form.Item>
        <Form.Item name="cropId" label={t('unifiedTasks:col.cropId')}>
          {catalogSelect(catalogs.crops, 'task-crop')}
        </Form.Item>
        <Form.Item name="medId" label={t('unifiedTasks:field.medId')}>
          {catalogSelect(catalogs.medicines, 'task-medicine')}
        </Form.Item>
        <Form.Item
          name="zfMonitor"
          label={t('unifiedTasks:field.zfMonitor')}
          valuePropName="checked"
          extra={t('unifiedTasks:field.zfMonitorHelp')}
        >
          <Switch data-testid="task-zfmonitor" />
        </Form.Item>
        <Form.Item name="remark" label={t('unifiedTasks:field.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item label={t('unifiedTasks:field.polygon')} extra={t('unifiedTasks:field.polygonHelp')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <DrawTools
              tool={tool}
              onChange={setTool}
              options={[
                { value: 'polygon', label: t('nofly:editor.drawPolygon') },
                { value: 'select', label: t('nofly:editor.select'), disabled: !shape },
              ]}
              hint={t(`nofly:editor.hint.${tool}`)}
            />
            <Button
              size="small"
              onClick={() => drawn(null)}
              disabled={!shape}
              data-testid="task-polygon-clear"
            >
              {t('nofly:editor.clear')}
            </Button>
          </Space>
        </Form.Item>
        {problem ? <Alert type="error" showIcon title={problem} data-testid="task-geometry-error" /> : null}
      </Form>
    </MapEditorModal>
  );
}
