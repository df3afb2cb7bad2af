/**
 * BasicPriceList (002 §2 basic-price-list): the lessor's drone models by currency with the daily
 * base fee, the price per mu and per hour, edited in place (major units) and saved together
 * (POST set). Leases made later copy the daily fee of the drone's model in the client's currency;
 * leases already made keep theirs. The editing rules are pure functions in prices.ts.
 */

import { type BasicPriceRow, currencyDigits, formatDate, MAX_MAJOR_AMOUNT } from '@agrifleet/domain';
import { PlusOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, InputNumber, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../../list/list.module.css';
import { recordsApi } from './api.ts';
import {
  addCurrencyRow,
  editRow,
  freeCurrencies,
  type PriceEditRow,
  roundFor,
  setBody,
  toEditRows,
} from './prices.ts';

const LIST_KEY = ['leasingRecords', 'basicPrices'];

export default function BasicPriceListPage() {
  const { t, i18n } = useTranslation(['leasingRecords', 'leasing', 'common']);
  const { message } = App.useApp();
  const client = useQueryClient();
  const list = useQuery({ queryKey: LIST_KEY, queryFn: recordsApi.prices });
  const currencies = useQuery({
    queryKey: ['leasingRecords', 'currencies', i18n.language],
    queryFn: recordsApi.currencies,
    staleTime: 300_000,
  });
  const [rows, setRows] = useState<PriceEditRow[]>([]);
  const [saving, setSaving] = useState(false);
  const seq = useRef(0);

  useEffect(() => {
    if (list.data) setRows(toEditRows(list.data));
  }, [list.data]);
  useEffect(() => {
    if (list.error?.message) void message.error(list.error.message);
  }, [list.error, message]);

  const dirty = rows.some((r) => r.dirty);
  const currencyName = (code: string) =>
    currencies.data?.find((c) => c.code === code)?.DictValue ?? t(`leasing:currency.${code}`);

  const save = async () => {
    const { prices, incomplete } = setBody(rows);
    if (incomplete.length) {
      void message.error(t('leasingRecords:price.incomplete', { model: incomplete[0]?.modelName ?? '' }));
      return;
    }
    if (!prices.length) return;
    setSaving(true);
    try {
      const answer = await recordsApi.setPrices({ prices });
      client.setQueryData<BasicPriceRow[]>(LIST_KEY, answer);
      setRows(toEditRows(answer));
      void message.success(t('common:modifiedSuccessfully'));
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  const amount = (field: 'dailyFee' | 'muUnitPrice' | 'durationPrice') => (r: PriceEditRow) => (
    <InputNumber<number>
      data-testid={`price-${field}-${r.key}`}
      value={r[field]}
      min={0}
      max={MAX_MAJOR_AMOUNT}
      precision={r.currency ? currencyDigits(r.currency) : 2}
      disabled={r.currency === null}
      style={{ width: 140 }}
      onChange={(v) =>
        setRows((all) => editRow(all, r.key, { [field]: v === null ? null : roundFor(v, r.currency) }))
      }
    />
  );

  const columns: ColumnsType<PriceEditRow> = [
    { key: 'modelName', title: t('leasingRecords:price.model'), dataIndex: 'modelName' },
    {
      key: 'currency',
      title: t('leasingRecords:price.currency'),
      render: (_, r) =>
        r.id !== null ? (
          `${r.currency} · ${currencyName(r.currency as string)}`
        ) : (
          <Select
            data-testid={`price-currency-${r.key}`}
            style={{ width: 200 }}
            value={r.currency ?? undefined}
            placeholder={t('leasingRecords:price.currency')}
            loading={currencies.isLoading}
            options={[...(r.currency ? [r.currency] : []), ...freeCurrencies(rows, r.modelId)].map((c) => ({
              value: c,
              label: `${c} · ${currencyName(c)}`,
            }))}
            onChange={(v) => setRows((all) => editRow(all, r.key, { currency: v }))}
          />
        ),
    },
    { key: 'dailyFee', title: t('leasingRecords:price.dailyFee'), render: (_, r) => amount('dailyFee')(r) },
    {
      key: 'muUnitPrice',
      title: t('leasingRecords:price.muUnitPrice', { unit: t('common:areaUnit.mu') }),
      render: (_, r) => amount('muUnitPrice')(r),
    },
    {
      key: 'durationPrice',
      title: t('leasingRecords:price.durationPrice'),
      render: (_, r) => amount('durationPrice')(r),
    },
    {
      key: 'updatedAt',
      title: t('leasingRecords:price.updatedAt'),
      render: (_, r) => (r.updatedAt === null ? '-' : formatDate(r.updatedAt, 'YYYY-MM-DD HH:mm')),
    },
    {
      key: 'actions',
      title: t('leasingRecords:price.actions'),
      render: (_, r) =>
        r.currency !== null && freeCurrencies(rows, r.modelId).length > 0 ? (
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => {
              seq.current += 1;
              setRows((all) => addCurrencyRow(all, r.modelId, seq.current));
            }}
          >
            {t('leasingRecords:price.addCurrency')}
          </Button>
        ) : null,
    },
  ];

  return (
    <div className={styles.page} data-testid="basic-price-list">
      <h2 className={styles.title}>{t('common:screen.BasicPriceList')}</h2>
      <div className={styles.toolbar}>
        <Typography.Text type="secondary">{t('leasingRecords:price.hint')}</Typography.Text>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} disabled={saving}>
            {t('leasingRecords:price.reload')}
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={!dirty}
            data-testid="price-save"
            onClick={() => void save()}
          >
            {t('leasingRecords:price.save')}
          </Button>
        </Space>
      </div>
      <Table<PriceEditRow>
        rowKey="key"
        size="middle"
        loading={list.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
