/**
 * GroundStationConfig (002 §3/§7; modules/groundstation/README.md): an account's theme, launch and
 * home page URLs and server address for the ground-station app. Empty fields inherit (platform
 * default -> parent -> account): the inherited value is the placeholder, with its source, and each
 * field's label carries where its effective value comes from. The app version (effectiveVersion)
 * moves with a save anywhere up the chain; the devices list shows which ground stations run it. The
 * QR code carries JSON {servAddr, accountId} for the app to scan.
 */
import {
  GROUND_STATION_FIELDS,
  GROUND_STATION_THEMES,
  type GroundStationConfig,
  type GroundStationValues,
} from '@agrifleet/domain';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  message,
  QRCode,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session.ts';
import { accountsApi } from '../accounts/api.ts';
import { groundStationApi } from './api.ts';

type Values = Record<keyof GroundStationValues, string | undefined>;

export default function GroundStationConfigPage() {
  const { t } = useTranslation('groundstation');
  const user = useSessionUser();
  const isPlatform = user?.accountType === 1;
  const [accountId, setAccountId] = useState<number | undefined>(user?.accountId);
  const [accounts, setAccounts] = useState<{ value: number; label: string }[]>([]);
  const [data, setData] = useState<GroundStationConfig | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!isPlatform) return;
    accountsApi
      .page({ currentPage: 1, pageSize: 1000 })
      .then((p) => setAccounts(p.records.map((r) => ({ value: r.accountId, label: r.accountName }))))
      .catch(() => undefined);
  }, [isPlatform]);

  const load = useCallback(
    (id: number) =>
      groundStationApi.get(id).then((d) => {
        setData(d);
        form.setFieldsValue({
          theme: d.own.theme ?? undefined,
          launchPageUrl: d.own.launchPageUrl ?? undefined,
          homePageUrl: d.own.homePageUrl ?? undefined,
          servAddr: d.own.servAddr ?? undefined,
        });
      }),
    [form],
  );
  useEffect(() => {
    if (accountId) load(accountId).catch(() => undefined);
  }, [accountId, load]);

  const onSave = async (v: Values) => {
    if (!accountId) return;
    setSaving(true);
    try {
      const none = (s: string | undefined) => (s?.trim() ? s.trim() : null);
      const r = await groundStationApi.save({
        accountId,
        theme: (v.theme as GroundStationValues['theme']) ?? null,
        launchPageUrl: none(v.launchPageUrl),
        homePageUrl: none(v.homePageUrl),
        servAddr: none(v.servAddr),
      });
      message.success(t('saved', { version: r.version }));
      await load(accountId);
    } finally {
      setSaving(false);
    }
  };

  const hint = (f: keyof GroundStationValues) => {
    const v = data?.inherited[f];
    const src = data?.inheritedSources[f];
    if (!v) return t('unset');
    const shown = f === 'theme' ? t(`theme.${v}`) : v;
    return src ? `${shown} (${t(`source.${src}`)})` : shown;
  };
  const qr = data?.effective.servAddr
    ? JSON.stringify({ servAddr: data.effective.servAddr, accountId })
    : null;

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      {isPlatform && (
        <Select
          data-testid="gs-account"
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 320 }}
          value={accountId}
          options={accounts}
          onChange={setAccountId}
          placeholder={t('account')}
        />
      )}
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card
            title={`${t('version')}: ${data?.version ?? 0}`}
            data-testid="gs-version"
            extra={
              <Tooltip title={t('appVersionHint')}>
                <Tag color="blue" data-testid="gs-app-version">
                  {t('appVersion')}: {data?.effectiveVersion ?? 0}
                </Tag>
              </Tooltip>
            }
          >
            <Form form={form} layout="vertical" onFinish={onSave}>
              {GROUND_STATION_FIELDS.map((f) => (
                <Form.Item
                  key={f}
                  name={f}
                  label={
                    <Space size={4}>
                      {t(`field.${f}`)}
                      {data && (
                        <Tag
                          data-testid={`gs-source-${f}`}
                          color={
                            data.sources[f] === 'account' ? 'green' : data.sources[f] ? 'blue' : undefined
                          }
                        >
                          {data.sources[f] ? t(`source.${data.sources[f]}`) : t('unset')}
                        </Tag>
                      )}
                    </Space>
                  }
                  extra={data ? `${t('inherits')}: ${hint(f)}` : null}
                >
                  {f === 'theme' ? (
                    <Select
                      allowClear
                      placeholder={hint(f)}
                      options={GROUND_STATION_THEMES.map((th) => ({ value: th, label: t(`theme.${th}`) }))}
                    />
                  ) : (
                    <Input allowClear maxLength={512} placeholder={hint(f)} />
                  )}
                </Form.Item>
              ))}
              <Button
                type="primary"
                htmlType="submit"
                loading={saving}
                disabled={!accountId}
                data-testid="gs-save"
              >
                {t('save')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('qr')}>
            {qr ? (
              <QRCode value={qr} data-testid="gs-qr" />
            ) : (
              <Typography.Text type="secondary">{t('noServAddr')}</Typography.Text>
            )}
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('qrHint')}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
      <Card title={t('devices')} data-testid="gs-devices">
        <Table
          rowKey="deviceId"
          size="small"
          dataSource={data?.devices ?? []}
          pagination={false}
          columns={[
            { title: t('deviceId'), dataIndex: 'deviceId' },
            { title: t('appVersion'), dataIndex: 'version' },
            {
              title: t('state'),
              key: 'state',
              render: (_: unknown, d: { version: number }) =>
                d.version === data?.effectiveVersion ? (
                  <Tag color="green">{t('upToDate')}</Tag>
                ) : (
                  <Tag color="orange">{t('behind')}</Tag>
                ),
            },
            {
              title: t('lastSeen'),
              dataIndex: 'lastSeen',
              render: (s: string) => new Date(s).toLocaleString(),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
