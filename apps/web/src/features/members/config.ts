/**
 * The member list (MemberList, 001 §2) as configuration of the shared list pattern (src/list):
 * filters userName, phone, userType and enabled; columns (name, masked phone, user type, team type,
 * the enable switch, account for the platform, last sign-in, created); row actions edit and delete
 * for the members the caller may manage (the server's `manageable`). Pure; tested in config.test.ts.
 */
import {
  formatDate,
  type MemberPage,
  type MemberRow,
  memberNameSchema,
  TEAM_TYPES,
  USER_TYPES,
} from '@agrifleet/domain';
import type { ReactNode } from 'react';
import type { Translate } from '../../list/columns.ts';
import type { ColumnDef, FormDef, ListConfig } from '../../list/types.ts';
import { membersApi } from './api.ts';

export interface MemberHooks {
  enabledCell: (row: MemberRow) => ReactNode;
  openCreate: () => void;
  openEdit: (row: MemberRow) => void;
  remove: (row: MemberRow) => void;
  /** The caller may manage members (ability manageStaff). */
  canManage: boolean;
  /** Show the account column (the platform sees every account). */
  showAccount: boolean;
}

export const userTypeOptions = USER_TYPES.map((v) => ({ value: v, labelKey: `common:userType.${v}` }));
export const teamTypeOptions = TEAM_TYPES.map((v) => ({ value: v, labelKey: `members:teamType.${v}` }));

export function membersConfig(t: Translate, hooks: MemberHooks): ListConfig<MemberRow, MemberPage> {
  const col = (key: string, extra: Partial<ColumnDef<MemberRow>> = {}): ColumnDef<MemberRow> => ({
    key,
    title: `members:col.${key}`,
    ...extra,
  });
  const when = (ms: number | null) => (ms === null ? null : formatDate(ms, 'YYYY-MM-DD HH:mm'));
  return {
    id: 'members',
    ns: ['members'],
    fetch: membersApi.page,
    rowKey: (r) => r.userId,
    filters: [
      { kind: 'text', name: 'userName', label: 'members:filter.userName' },
      { kind: 'text', name: 'phone', label: 'members:filter.phone' },
      {
        kind: 'select',
        name: 'userType',
        label: 'members:filter.userType',
        numeric: true,
        options: userTypeOptions,
      },
      {
        kind: 'select',
        name: 'enabled',
        label: 'members:filter.enabled',
        options: [
          { value: 'true', labelKey: 'members:enabled.yes' },
          { value: 'false', labelKey: 'members:enabled.no' },
        ],
      },
    ],
    columns: [
      col('userName', { fixed: 'left' }),
      col('phone', { value: (r) => r.phone ?? r.email }),
      col('userType', { value: (r) => t(`common:userType.${r.userType}`) }),
      col('teamType', { value: (r) => (r.teamType === null ? null : t(`members:teamType.${r.teamType}`)) }),
      col('enabled', {
        value: (r) => t(r.enabled ? 'members:enabled.yes' : 'members:enabled.no'),
        render: hooks.enabledCell,
        align: 'center',
      }),
      ...(hooks.showAccount ? [col('accountName')] : []),
      col('lastLoginAt', { value: (r) => when(r.lastLoginAt) }),
      col('createdAt', { value: (r) => when(r.createdAt) }),
    ],
    toolbar: hooks.canManage
      ? [{ key: 'create', label: 'members:action.create', primary: true, onClick: () => hooks.openCreate() }]
      : [],
    rowActions: [
      { key: 'edit', label: 'list:edit', visible: (r) => r.manageable, onClick: (r) => hooks.openEdit(r) },
      {
        key: 'remove',
        label: 'list:delete',
        danger: true,
        visible: (r) => r.manageable,
        onClick: (r) => hooks.remove(r),
      },
    ],
  };
}

/** The edit form: name, user type (among those the caller may grant), team type. */
export function editForm(grantable: number[], update: typeof membersApi.update): FormDef<MemberRow> {
  return {
    titles: { edit: 'members:edit.title' },
    initial: (r) => ({ userName: r.userName, userType: r.userType, teamType: r.teamType ?? undefined }),
    fields: [
      {
        name: 'userName',
        label: 'members:col.userName',
        kind: 'text',
        required: true,
        schema: memberNameSchema,
      },
      {
        name: 'userType',
        label: 'members:col.userType',
        kind: 'select',
        required: true,
        options: userTypeOptions.filter((o) => grantable.includes(o.value)),
      },
      { name: 'teamType', label: 'members:col.teamType', kind: 'select', options: teamTypeOptions },
    ],
    update: (row, v) =>
      update({
        userId: row.userId,
        userName: String(v.userName),
        userType: Number(v.userType) as 3 | 4 | 5 | 6,
        teamType: v.teamType === undefined || v.teamType === null ? null : (Number(v.teamType) as 1 | 2),
      }),
  };
}
