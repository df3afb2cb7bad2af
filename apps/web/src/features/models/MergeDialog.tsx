/**
 * "Merge into this model": choose other models of the same manufacturer; their drones (and their
 * history) move to this one and they are deleted, in one transaction on the server.
 */
import type { ModelRow } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, type ButtonProps, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import type { Translate } from '../../list/columns.ts';
import { modelsApi } from './api.ts';

export function MergeDialog({
  row,
  onClose,
  onDone,
  t,
}: {
  row: ModelRow;
  onClose: () => void;
  onDone: () => void;
  t: Translate;
}) {
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const models = useQuery({
    queryKey: ['models', 'ofManufacturer', row.zzAccountId],
    queryFn: () => modelsApi.ofManufacturer(row.zzAccountId),
  });
  const options = (models.data ?? [])
    .filter((m) => m.id !== row.id)
    .map((m) => ({ value: m.id, label: m.modelName }));

  const merge = async () => {
    if (chosen.length === 0) {
      void message.error(t('models:merge.none'));
      return;
    }
    setBusy(true);
    try {
      const done = await modelsApi.merge({ flyModelId: row.id, mergeFlyModelIds: chosen });
      void message.success(
        t('models:merge.done', { merged: done.merged, drones: done.movedDrones, name: row.modelName }),
      );
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
      open
      title={t('models:merge.title', { name: row.modelName })}
      okText={t('models:merge.ok')}
      cancelText={t('list:cancel')}
      okButtonProps={
        {
          danger: true,
          disabled: chosen.length === 0,
          loading: busy,
          'data-testid': 'merge-ok',
        } as ButtonProps
      }
      onOk={merge}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('models:merge.choose')} extra={t('models:merge.help', { name: row.modelName })}>
          <Select
            mode="multiple"
            value={chosen}
            onChange={setChosen}
            options={options}
            loading={models.isLoading}
            placeholder={t('models:merge.choose')}
            notFoundContent={t('models:merge.empty')}
            optionFilterProp="label"
            data-testid="merge-select"
          />
        </Form.Item>
      </Form>
      {chosen.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('models:merge.warning', { count: chosen.length, name: row.modelName })}
        />
      ) : null}
    </Modal>
  );
}
