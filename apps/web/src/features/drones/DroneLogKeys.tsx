/**
 * The drone's flight-log keys on its detail (issue 23 point 2): the Ed25519 public keys its maker
 * registered (firmware/dronekey), with which the console verifies the flight logs the drone signs.
 * Shown to those who may open firmware management; the maker registers (a pasted SPKI PEM) and
 * revokes; anyone else reads.
 */
import { canAccessScreen, type DroneLogKey, FIRMWARE_PATHS, formatDate } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http.ts';
import { subjectOf } from '../../app/access.ts';
import { useHostProfile } from '../../app/hostProfile.tsx';
import { useSessionUser } from '../../app/session.ts';

export function DroneLogKeys({ droneId, isMaker }: { droneId: string; isMaker: boolean }) {
  const { t } = useTranslation('drones');
  const { message } = App.useApp();
  const host = useHostProfile();
  const user = useSessionUser();
  const allowed = !!user && canAccessScreen(subjectOf(user, host), 'FirmwareManage');
  const [pem, setPem] = useState('');
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['drones', 'logKeys', droneId],
    queryFn: ({ signal }) => http.get<DroneLogKey[]>(FIRMWARE_PATHS.dronekey, { droneId }, { signal }),
    enabled: allowed,
  });
  if (!allowed) return null;
  const act = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      message.success(done);
      setPem('');
      await q.refetch();
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('logKeys.title')} size="small" data-testid="drone-log-keys">
      <p>{t('logKeys.about')}</p>
      <Table<DroneLogKey>
        size="small"
        rowKey="keyId"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        tableLayout="fixed"
        locale={{ emptyText: t('logKeys.none') }}
        columns={[
          {
            title: t('logKeys.keyId'),
            dataIndex: 'keyId',
            width: '45%',
            render: (v: string) => <code style={{ wordBreak: 'break-all' }}>{v}</code>,
          },
          { title: t('logKeys.created'), dataIndex: 'createdAt', render: (v: number) => formatDate(v) },
          {
            title: t('logKeys.state'),
            key: 'state',
            render: (_: unknown, k) =>
              k.revokedAt ? (
                <Tag>{t('logKeys.revoked', { time: formatDate(k.revokedAt) })}</Tag>
              ) : isMaker ? (
                <Popconfirm
                  title={t('logKeys.revokeConfirm')}
                  onConfirm={() =>
                    act(
                      () => http.post(FIRMWARE_PATHS.dronekeyRevoke, { droneId, keyId: k.keyId }),
                      t('logKeys.revokedDone'),
                    )
                  }
                >
                  <Button size="small" danger disabled={busy}>
                    {t('logKeys.revoke')}
                  </Button>
                </Popconfirm>
              ) : (
                <Tag color="green">{t('logKeys.active')}</Tag>
              ),
          },
        ]}
      />
      {isMaker && (
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Input.TextArea
            rows={3}
            value={pem}
            onChange={(e) => setPem(e.target.value)}
            placeholder="-----BEGIN PUBLIC KEY-----"
            aria-label={t('logKeys.pem')}
          />
          <Button
            type="primary"
            disabled={!pem.trim() || busy}
            onClick={() =>
              act(
                () => http.post(FIRMWARE_PATHS.dronekey, { droneId, publicKey: pem.trim() }),
                t('logKeys.added'),
              )
            }
          >
            {t('logKeys.add')}
          </Button>
        </Space.Compact>
      )}
    </Card>
  );
}
