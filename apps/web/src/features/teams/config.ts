/**
 * The team list (TeamList, 001 §2) on the shared list pattern: name, leader, member count,
 * created; create and rename in the pattern's dialog (groupName), delete with confirmation, and a
 * "members" action that opens the team's drawer. Pure; tested in config.test.ts.
 */
import { formatDate, groupNameSchema, type TeamRow } from '@agrifleet/domain';
import type { ListConfig } from '../../list/types.ts';
import { teamsApi } from './api.ts';

export function teamsConfig(hooks: {
  canManage: boolean;
  openMembers: (row: TeamRow) => void;
}): ListConfig<TeamRow> {
  return {
    id: 'teams',
    ns: ['teams'],
    fetch: teamsApi.page,
    rowKey: (r) => r.groupId,
    columns: [
      { key: 'groupName', title: 'teams:col.groupName', fixed: 'left' },
      { key: 'leaderName', title: 'teams:col.leader' },
      { key: 'memberCount', title: 'teams:col.memberCount', align: 'right' },
      {
        key: 'createdAt',
        title: 'teams:col.createdAt',
        value: (r) => formatDate(r.createdAt, 'YYYY-MM-DD HH:mm'),
      },
    ],
    rowActions: [
      { key: 'members', label: 'teams:action.members', first: true, onClick: (r) => hooks.openMembers(r) },
    ],
    ...(hooks.canManage
      ? {
          form: {
            titles: { create: 'teams:action.create', edit: 'teams:action.rename' },
            fields: [
              {
                name: 'groupName',
                label: 'teams:col.groupName',
                kind: 'text',
                required: true,
                schema: groupNameSchema,
              },
            ],
            create: (v) => teamsApi.create(String(v.groupName)),
            update: (row, v) => teamsApi.rename(row.groupId, String(v.groupName)),
          },
          remove: (row: TeamRow) => teamsApi.remove(row.groupId),
        }
      : {}),
  };
}
