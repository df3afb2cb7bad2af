/**
 * A list screen from its configuration (types.ts ListConfig; see README.md): filters, toolbar
 * (create, the screen's actions, export), the table with sort, paging and a totals row, row actions
 * (edit, delete with confirmation, the screen's), the create/edit dialog and the export dialog.
 */
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Popconfirm, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sortOf, summaryCells, type Translate, tableColumns } from './columns.ts';
import { FilterBar } from './FilterBar.tsx';
import { FormModal } from './FormModal.tsx';
import type { FormMode } from './fields.ts';
import styles from './list.module.css';
import { DEFAULT_PARAMS } from './query.ts';
import { nextSelection, type RowKey, selectionScope } from './selection.ts';
import type { ActionContext, ListConfig, PageResult } from './types.ts';
import { useListExport } from './useListExport.tsx';
import { useListPage } from './useListPage.ts';

const PAGE_SIZES = [10, 20, 50, 100];

interface Props<R, P extends PageResult<R>> {
  config: ListConfig<R, P>;
  /** Heading of the screen. */
  title?: ReactNode;
  /** Shown left of the toolbar buttons (figures of the answer). */
  extra?: (page: P | undefined) => ReactNode;
  /** Shown between the heading and the filters (an overview of the screen). */
  header?: ReactNode;
}

export function ListPage<R, P extends PageResult<R>>({ config, title, extra, header }: Props<R, P>) {
  const { t: tr } = useTranslation(['list', 'common', ...(config.ns ?? [])]);
  const t: Translate = tr as unknown as Translate;
  const { message } = App.useApp();
  const list = useListPage(config);
  const exporter = useListExport(config, list.query, t, list.data?.total);
  const [form, setForm] = useState<{ mode: FormMode; row: R | null } | null>(null);
  const ctx: ActionContext = { refresh: () => void list.refresh(), query: list.query };
  const [selected, setSelected] = useState<Map<RowKey, R>>(() => new Map());
  const scope = useMemo(
    () => selectionScope(list.query, config.params?.page ?? DEFAULT_PARAMS.page),
    [list.query, config.params?.page],
  );
  // Another set of rows (filters, sort, page size): the selection is forgotten.
  useEffect(() => {
    if (scope) setSelected(new Map());
  }, [scope]);
  const runBatch = async (a: NonNullable<typeof config.batch>[number]) => {
    const clear = await a.onClick([...selected.values()], ctx);
    if (clear) setSelected(new Map());
  };

  const remove = async (row: R) => {
    try {
      await config.remove?.(row);
      void message.success(t('common:deleted'));
      void list.refresh();
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    }
  };

  const canEdit = Boolean(config.form?.update);
  const hasActions = canEdit || Boolean(config.remove) || Boolean(config.rowActions?.length);
  const columns: ColumnsType<R> = tableColumns(config.columns, t, list.sort);
  /** The screen's row actions shown before edit (`first`) or after it. */
  const rowActions = (row: R, first: boolean) =>
    (config.rowActions ?? [])
      .filter((a) => (a.first ?? false) === first && (a.visible?.(row) ?? true))
      .map((a) => (
        <Button
          key={a.key}
          type="link"
          size="small"
          danger={a.danger}
          onClick={() => a.onClick(row, ctx)}
          data-testid={`row-${a.key}`}
        >
          {t(a.label)}
        </Button>
      ));
  if (hasActions)
    columns.push({
      key: '__actions',
      title: t('list:actions'),
      fixed: 'right',
      width: config.actionsWidth,
      render: (_: unknown, row: R) => (
        <Space size={4} wrap={config.actionsWidth !== undefined}>
          {rowActions(row, true)}
          {canEdit ? (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setForm({ mode: 'edit', row })}
              data-testid="row-edit"
            >
              {t('list:edit')}
            </Button>
          ) : null}
          {rowActions(row, false)}
          {config.remove ? (
            <Popconfirm
              title={t('list:confirmDelete')}
              okText={t('list:delete')}
              cancelText={t('list:cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(row)}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="row-delete">
                {t('list:delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    });

  const data = list.data;
  const totals = data && config.summary ? config.summary(data) : undefined;
  const summary = totals
    ? () => (
        <Table.Summary fixed>
          <Table.Summary.Row className={styles.totals} data-testid="list-totals">
            {config.batch?.length ? <Table.Summary.Cell index={-1} /> : null}
            {summaryCells(config.columns, totals, t('list:total')).map((cell, i) => (
              <Table.Summary.Cell
                key={config.columns[i]?.key ?? i}
                index={i}
                align={config.columns[i]?.align}
              >
                {cell}
              </Table.Summary.Cell>
            ))}
            {hasActions ? <Table.Summary.Cell index={config.columns.length} /> : null}
          </Table.Summary.Row>
        </Table.Summary>
      )
    : undefined;

  return (
    <div className={styles.page} data-testid={`list-${config.id}`}>
      {title ? <h2 className={styles.title}>{title}</h2> : null}
      {header}
      {config.filters?.length ? (
        <FilterBar defs={config.filters} value={list.state.filters} onSearch={list.setFilters} t={t} />
      ) : null}
      <div className={styles.toolbar}>
        <div className={styles.extra}>{extra?.(data)}</div>
        <Space wrap>
          {config.form?.create ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setForm({ mode: 'create', row: null })}
              data-testid="list-create"
            >
              {t('list:create')}
            </Button>
          ) : null}
          {(config.toolbar ?? []).map((a) => (
            <Button
              key={a.key}
              type={a.primary ? 'primary' : 'default'}
              icon={a.icon}
              onClick={() => a.onClick(ctx)}
            >
              {t(a.label)}
            </Button>
          ))}
          {(config.batch ?? []).map((a) => (
            <Button
              key={a.key}
              icon={a.icon}
              danger={a.danger}
              onClick={() => void runBatch(a)}
              data-testid={`batch-${a.key}`}
            >
              {t(a.label)}
              {selected.size ? ` (${selected.size})` : ''}
            </Button>
          ))}
          {config.export ? (
            <Button
              icon={<DownloadOutlined />}
              loading={exporter.busy}
              disabled={!data?.total}
              onClick={exporter.start}
              data-testid="list-export"
            >
              {t('list:export')}
            </Button>
          ) : null}
        </Space>
      </div>
      <Table<R>
        className={styles.table}
        size="middle"
        rowKey={config.rowKey}
        columns={columns}
        dataSource={data?.records ?? []}
        loading={list.loading}
        scroll={{ x: 'max-content' }}
        summary={summary}
        rowSelection={
          config.batch?.length
            ? {
                selectedRowKeys: [...selected.keys()],
                preserveSelectedRowKeys: true,
                getCheckboxProps: (row: R) => ({ disabled: !(config.selectable?.(row) ?? true) }),
                onChange: (keys) =>
                  setSelected((prev) =>
                    nextSelection(prev, data?.records ?? [], keys as RowKey[], config.rowKey),
                  ),
              }
            : undefined
        }
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list:empty')} /> }}
        onChange={(_p, _f, sorter, extraInfo) => {
          if (extraInfo.action === 'sort') list.setSort(sortOf(config.columns, sorter));
        }}
        pagination={{
          current: list.state.page,
          pageSize: list.state.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [...new Set([...PAGE_SIZES, list.state.size])].sort((a, b) => a - b),
          showTotal: (total) => t('list:totalItems', { total }),
          onChange: list.setPage,
        }}
      />
      {form && config.form ? (
        <FormModal
          form={config.form}
          mode={form.mode}
          row={form.row}
          onClose={() => setForm(null)}
          onSaved={ctx.refresh}
          t={t}
        />
      ) : null}
      {exporter.dialog}
    </div>
  );
}
