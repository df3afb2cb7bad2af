/**
 * Enrolling drones in a task for some of its days: by search (drone ids picked from the caller's
 * drones), by owner (every drone of one operator), or by an uploaded list (.txt / .csv / .xlsx, sent
 * in calls of TFTZ_ENROL_MAX with progress); and new dates for drones already enrolled. The ids the
 * server refused are listed at the end.
 */
import type { AccountOption, TaskDronesChange, UnifiedTaskRow } from '@agrifleet/domain';
import { Alert, App, DatePicker, Form, Modal, Progress, Select, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOfPicker, pickerDay } from '../../lib/statDay.ts';
import { dronesApi } from '../drones/api.ts';
import { unifiedTasksApi } from './api.ts';
import { type EnrolProgress, enrolInBatches, type ParsedIds, readDroneFile } from './droneFile.ts';
import styles from './unifiedTasks.module.css';

export type EnrolDialogMode = 'search' | 'owner' | 'file' | 'dates';

interface Props {
  task: UnifiedTaskRow;
  mode: EnrolDialogMode;
  /** The drones whose dates change (mode 'dates'). */
  droneIds?: string[];
  owners: AccountOption[];
  onClose: (changed: boolean) => void;
}

interface Values {
  droneIds?: string[];
  yyAccountId?: number;
  days: [Dayjs, Dayjs];
}

/** What is typed: part of a drone id, or (with letters a drone id has not) part of the owner's name. */
export function searchQuery(text: string): Record<string, string> {
  const q = text.trim();
  if (!q) return {};
  return /^[A-Za-z0-9_-]+$/.test(q) ? { droneId: q } : { yyAccountName: q };
}

function DroneSearch({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation('unifiedTasks');
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const search = async (text: string) => {
    const n = ++seq.current;
    setLoading(true);
    try {
      const page = await dronesApi.page({
        currentPage: 1,
        pageSize: 20,
        ...searchQuery(text),
      });
      if (n === seq.current)
        setOptions(
          page.records.map((d) => ({
            value: d.droneId,
            label: `${d.droneId} · ${d.droneName}${d.yyAccountName ? ` · ${d.yyAccountName}` : ''}`,
          })),
        );
    } catch {
      if (n === seq.current) setOptions([]);
    } finally {
      if (n === seq.current) setLoading(false);
    }
  };
  return (
    <Select
      mode="multiple"
      showSearch
      filterOption={false}
      loading={loading}
      value={value}
      onChange={onChange}
      onSearch={(s) => void search(s)}
      onFocus={() => {
        if (!options.length) void search('');
      }}
      options={options}
      placeholder={t('unifiedTasks:enrol.searchHint')}
      data-testid="enrol-search"
    />
  );
}

export function EnrolDialog({ task, mode, droneIds, owners, onClose }: Props) {
  const { t } = useTranslation(['unifiedTasks', 'list']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [parsed, setParsed] = useState<ParsedIds | null>(null);
  const [progress, setProgress] = useState<EnrolProgress | null>(null);
  const [refused, setRefused] = useState<string[] | null>(null);
  const abort = useRef<AbortController | null>(null);
  const outside = (d: Dayjs) => {
    const day = dayOfPicker(d);
    return day < task.startDate || day > task.endDate;
  };

  const done = (r: { changed: number; refused: string[] }) => {
    void message.success(t('unifiedTasks:enrol.done', { changed: r.changed, refused: r.refused.length }));
    if (r.refused.length) setRefused(r.refused);
    else onClose(true);
  };

  const save = async () => {
    if (refused) return onClose(true);
    const values = await form.validateFields();
    const [a, b] = values.days;
    const dates = { dataStartDate: dayOfPicker(a), dataEndDate: dayOfPicker(b) };
    setSaving(true);
    try {
      if (mode === 'file') {
        if (!parsed?.ids.length) {
          void message.error(t('unifiedTasks:enrol.noFile'));
          return;
        }
        abort.current = new AbortController();
        const r = await enrolInBatches(
          parsed.ids,
          (batch) => unifiedTasksApi.enrol(task.tftzId, { droneIds: batch, ...dates }),
          setProgress,
          abort.current.signal,
        );
        done(r);
      } else {
        let r: TaskDronesChange;
        if (mode === 'dates')
          r = await unifiedTasksApi.redate(task.tftzId, { droneIds: droneIds ?? [], ...dates });
        else if (mode === 'owner')
          r = await unifiedTasksApi.enrol(task.tftzId, { yyAccountId: values.yyAccountId, ...dates });
        else r = await unifiedTasksApi.enrol(task.tftzId, { droneIds: values.droneIds ?? [], ...dates });
        done(r);
      }
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(mode === 'dates' ? 'unifiedTasks:drone.redate' : `unifiedTasks:enrol.by.${mode}`)}
      onCancel={() => {
        abort.current?.abort();
        onClose(Boolean(progress?.changed) || Boolean(refused));
      }}
      onOk={save}
      okText={refused ? t('unifiedTasks:enrol.close') : t('list:save')}
      cancelText={t('list:cancel')}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'enrol-save' } as Record<`data-${string}`, string>}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ days: [pickerDay(task.startDate), pickerDay(task.endDate)] }}
        disabled={Boolean(refused)}
      >
        {mode === 'search' ? (
          <Form.Item name="droneIds" label={t('unifiedTasks:enrol.drones')} rules={[{ required: true }]}>
            <DroneSearch />
          </Form.Item>
        ) : null}
        {mode === 'owner' ? (
          <Form.Item
            name="yyAccountId"
            label={t('unifiedTasks:drone.owner')}
            rules={[{ required: true }]}
            extra={t('unifiedTasks:enrol.ownerHelp')}
          >
            <Select
              showSearch
              optionFilterProp="label"
              options={owners.map((o) => ({ value: o.id, label: o.name }))}
              data-testid="enrol-owner"
            />
          </Form.Item>
        ) : null}
        {mode === 'file' ? (
          <Form.Item label={t('unifiedTasks:enrol.file')} extra={t('unifiedTasks:enrol.fileHelp')}>
            <span data-testid="enrol-upload">
              <Upload.Dragger
                accept=".txt,.csv,.xlsx"
                maxCount={1}
                showUploadList={false}
                beforeUpload={async (file) => {
                  try {
                    setParsed(await readDroneFile(file));
                  } catch {
                    void message.error(t('unifiedTasks:enrol.badFile'));
                  }
                  return false;
                }}
              >
                {t('unifiedTasks:enrol.drop')}
              </Upload.Dragger>
            </span>
            {parsed ? (
              <div data-testid="enrol-parsed">
                {t('unifiedTasks:enrol.parsed', { n: parsed.ids.length })}
                {parsed.invalid.length
                  ? ` ${t('unifiedTasks:enrol.invalid', { n: parsed.invalid.length, ids: parsed.invalid.slice(0, 5).join(', ') })}`
                  : ''}
              </div>
            ) : null}
            {progress ? (
              <Progress
                percent={Math.round((100 * progress.sent) / Math.max(1, progress.total))}
                format={() => `${progress.sent} / ${progress.total}`}
                data-testid="enrol-progress"
              />
            ) : null}
          </Form.Item>
        ) : null}
        {mode === 'dates' ? <p>{t('unifiedTasks:enrol.selected', { n: droneIds?.length ?? 0 })}</p> : null}
        <Form.Item
          name="days"
          label={t('unifiedTasks:drone.dates')}
          rules={[{ required: true }]}
          extra={t('unifiedTasks:enrol.datesHelp', { start: task.startDate, end: task.endDate })}
        >
          <DatePicker.RangePicker allowClear={false} disabledDate={outside} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
      {refused ? (
        <Alert
          type="warning"
          showIcon
          title={t('unifiedTasks:enrol.refused', { n: refused.length })}
          description={<div className={styles.refused}>{refused.join(', ')}</div>}
          data-testid="enrol-refused"
        />
      ) : null}
    </Modal>
  );
}
