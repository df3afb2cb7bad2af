/**
 * The platform's catalogue editor (issue 22 #1): a drawer with the crops and work types (read-only
 * lists) and the medicines, which the platform (ability manageTask) creates, edits and switches on
 * or off through the shared form (list/FormModal). Others see the lists only. A write refreshes
 * every catalogue hook (useCrops, useWorkTypes, useMedicines) in every language.
 */
import {
  type CropRow,
  hasAbility,
  type MedicineRow,
  type UserType,
  type WorkTypeRow,
} from '@agrifleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Space, Switch, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session.ts';
import type { Translate } from '../../list/columns.ts';
import { FormModal } from '../../list/FormModal.tsx';
import { lookupsApi } from './api.ts';
import { medicineForm } from './medicineForm.ts';
import { lookupKeys, lookupQueries } from './useCatalog.ts';

const otherNames = (names: Record<string, string>, lng: string) =>
  Object.entries(names)
    .filter(([k]) => k !== lng)
    .map(([, v]) => v)
    .join(' / ');

export function CatalogueDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t: tr, i18n } = useTranslation(['lookups', 'list', 'common']);
  const t = tr as unknown as Translate;
  const lng = i18n.language;
  const user = useSessionUser();
  const canEdit =
    !!user && user.accountType === 1 && hasAbility({ userType: user.userType as UserType }, 'manageTask');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const crops = useQuery({ ...lookupQueries.crops(lng), enabled: open });
  const workTypes = useQuery({ ...lookupQueries.workTypes(lng), enabled: open });
  const medicines = useQuery({ ...lookupQueries.medicines(lng), enabled: open });
  const [editing, setEditing] = useState<{ row: MedicineRow | null } | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: lookupKeys.all });
  const form = medicineForm({ create: lookupsApi.createMedicine, update: lookupsApi.updateMedicine });

  const toggle = async (m: MedicineRow, enabled: boolean) => {
    setSwitching(m.medId);
    try {
      await lookupsApi.updateMedicine(m.medId, { enabled });
      void message.success(t('common:updated'));
      await refresh();
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setSwitching(null);
    }
  };

  const cropTable = (
    <Table<CropRow>
      size="small"
      rowKey="cropId"
      loading={crops.isLoading}
      dataSource={crops.data?.records ?? []}
      pagination={false}
      data-testid="lookups-crops"
      columns={[
        { key: 'id', title: t('lookups:col.id'), dataIndex: 'cropId', width: 60 },
        { key: 'name', title: t('lookups:col.name'), dataIndex: 'name' },
        {
          key: 'category',
          title: t('lookups:col.category'),
          render: (_, r) =>
            r.category ? t(`lookups:category.${r.category}`, { defaultValue: r.category }) : '',
        },
        { key: 'other', title: t('lookups:col.otherNames'), render: (_, r) => otherNames(r.names, lng) },
      ]}
    />
  );

  const workTypeTable = (
    <Table<WorkTypeRow>
      size="small"
      rowKey="workType"
      loading={workTypes.isLoading}
      dataSource={workTypes.data ?? []}
      pagination={false}
      data-testid="lookups-worktypes"
      columns={[
        { key: 'id', title: t('lookups:col.id'), dataIndex: 'workType', width: 60 },
        { key: 'name', title: t('lookups:col.name'), dataIndex: 'name' },
        { key: 'other', title: t('lookups:col.otherNames'), render: (_, r) => otherNames(r.names, lng) },
      ]}
    />
  );

  const medicineTable = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {canEdit ? (
        <Button type="primary" data-testid="lookups-med-create" onClick={() => setEditing({ row: null })}>
          {t('lookups:med.create')}
        </Button>
      ) : null}
      <Table<MedicineRow>
        size="small"
        rowKey="medId"
        loading={medicines.isLoading}
        dataSource={medicines.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        data-testid="lookups-medicines"
        columns={[
          { key: 'name', title: t('lookups:col.name'), dataIndex: 'name', width: 180 },
          { key: 'regNo', title: t('lookups:med.regNo'), dataIndex: 'regNo', width: 120 },
          { key: 'ingredient', title: t('lookups:med.ingredient'), dataIndex: 'ingredient', ellipsis: true },
          { key: 'formulation', title: t('lookups:med.formulation'), dataIndex: 'formulation', width: 120 },
          {
            key: 'range',
            title: t('lookups:med.range'),
            width: 110,
            render: (_, r) => `${r.minLPerMu}–${r.maxLPerMu}`,
          },
          {
            key: 'enabled',
            title: t('lookups:med.enabled'),
            width: 90,
            render: (_, r) =>
              canEdit ? (
                <Switch
                  size="small"
                  checked={r.enabled}
                  loading={switching === r.medId}
                  data-testid={`lookups-med-enabled-${r.medId}`}
                  onChange={(on) => void toggle(r, on)}
                />
              ) : (
                <Tag color={r.enabled ? 'green' : 'default'}>
                  {t(r.enabled ? 'lookups:on' : 'lookups:off')}
                </Tag>
              ),
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('list:actions'),
                  width: 80,
                  render: (_: unknown, r: MedicineRow) => (
                    <Button type="link" size="small" onClick={() => setEditing({ row: r })}>
                      {t('list:edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('lookups:title')}
      size={880}
      destroyOnHidden
      data-testid="lookups-drawer"
    >
      <Tabs
        items={[
          { key: 'crops', label: t('lookups:tab.crops'), children: cropTable },
          { key: 'workTypes', label: t('lookups:tab.workTypes'), children: workTypeTable },
          { key: 'medicines', label: t('lookups:tab.medicines'), children: medicineTable },
        ]}
      />
      {editing ? (
        <FormModal<MedicineRow>
          form={form}
          mode={editing.row ? 'edit' : 'create'}
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => void refresh()}
          t={t}
        />
      ) : null}
    </Drawer>
  );
}
