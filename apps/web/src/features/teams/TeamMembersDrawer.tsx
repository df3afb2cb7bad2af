/**
 * A team's members in a drawer: the list with the leader marked, "set as leader" and "remove" per
 * member, and adding members chosen among the account's users in no team (selectable).
 */
import type { TeamMember, TeamRow } from '@agrifleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { Translate } from '../../list/columns.ts';
import { teamsApi } from './api.ts';

export function TeamMembersDrawer({
  team,
  canManage,
  onClose,
  t,
}: {
  team: TeamRow;
  canManage: boolean;
  onClose: () => void;
  t: Translate;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[]>([]);
  const members = useQuery({
    queryKey: ['team', team.groupId, 'members'],
    queryFn: () => teamsApi.members(team.groupId),
  });
  const selectable = useQuery({
    queryKey: ['team', team.groupId, 'selectable'],
    queryFn: () => teamsApi.selectable(team.groupId),
    enabled: canManage,
  });
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(t(done));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['team', team.groupId] }),
        queryClient.invalidateQueries({ queryKey: ['list', 'teams'] }),
      ]);
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    }
  };

  const columns = [
    {
      key: 'userName',
      title: t('teams:col.member'),
      render: (_: unknown, m: TeamMember) => (
        <Space>
          {m.userName}
          {m.leader ? <Tag color="gold">{t('teams:leader')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'phone', title: t('teams:col.phone'), dataIndex: 'phone' },
    {
      key: 'userType',
      title: t('teams:col.userType'),
      render: (_: unknown, m: TeamMember) => t(`common:userType.${m.userType}`),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('list:actions'),
            render: (_: unknown, m: TeamMember) => (
              <Space size={4}>
                {m.leader ? null : (
                  <Button
                    type="link"
                    size="small"
                    data-testid={`team-leader-${m.userId}`}
                    onClick={() =>
                      void run(() => teamsApi.setLeader(team.groupId, m.userId), 'teams:done.leader')
                    }
                  >
                    {t('teams:action.setLeader')}
                  </Button>
                )}
                <Popconfirm
                  title={t('teams:confirmRemove', { name: m.userName })}
                  okText={t('teams:action.remove')}
                  cancelText={t('list:cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    run(() => teamsApi.removeMember(team.groupId, m.userId), 'teams:done.removed')
                  }
                >
                  <Button type="link" size="small" danger data-testid={`team-remove-${m.userId}`}>
                    {t('teams:action.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Drawer
      open
      size={640}
      title={t('teams:drawer.title', { name: team.groupName })}
      onClose={onClose}
      data-testid="team-drawer"
    >
      {canManage ? (
        <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            placeholder={t('teams:drawer.choose')}
            value={chosen}
            onChange={setChosen}
            loading={selectable.isFetching}
            optionFilterProp="label"
            data-testid="team-add-select"
            options={(selectable.data ?? []).map((u) => ({
              value: u.userId,
              label: `${u.userName} ${u.phone ?? ''}`.trim(),
            }))}
          />
          <Button
            type="primary"
            disabled={!chosen.length}
            data-testid="team-add"
            onClick={() =>
              void run(async () => {
                await teamsApi.add(team.groupId, chosen);
                setChosen([]);
              }, 'teams:done.added')
            }
          >
            {t('teams:action.add')}
          </Button>
        </Space.Compact>
      ) : null}
      <Table<TeamMember>
        rowKey="userId"
        size="small"
        loading={members.isFetching}
        dataSource={members.data ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t('list:empty') }}
      />
    </Drawer>
  );
}
