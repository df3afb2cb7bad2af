/**
 * AccountApplyList and UserApplyList (001 §2) as configuration of the shared list pattern:
 * the 001 §3 apply filters and user apply filters, the columns, the stats figures and the open action.
 * Pure (tested in config.test.ts); the pages add the review dialog.
 */
import {
  ACCOUNT_INFO_COLUMNS,
  type ApplyPage,
  type ApplyRecord,
  formatDate,
  maskPhone,
  type UserApplyRecord,
} from '@agrifleet/domain';
import type { Translate } from '../../list/columns.ts';
import type { ColumnDef, ListConfig, Option, PageResult } from '../../list/types.ts';
import { approvalsApi } from './api.ts';

export const APPLY_STATUSES = [1, 2, 3] as const;
const statusOptions: Option[] = APPLY_STATUSES.map((s) => ({ value: s, labelKey: `approvals:status.${s}` }));
const accountTypeOptions: Option[] = [2, 3, 4, 5].map((s) => ({
  value: s,
  labelKey: `common:accountType.${s}`,
}));

/** The fields compared in an account application's detail (accountInfoBody's, in its order). */
export const INFO_FIELDS = Object.keys(ACCOUNT_INFO_COLUMNS);

/** "86-13800000001" shown masked, keeping the first 3 and last 3 digits of the number (001 §5). */
export function phoneText(phone: string | null): string {
  if (!phone) return '';
  const number = phone.includes('-') ? phone.slice(phone.indexOf('-') + 1) : phone;
  return maskPhone(number);
}

/** An ISO instant as local 'YYYY-MM-DD HH:mm'. */
export const timeText = (v: unknown) => (v ? formatDate(String(v), 'YYYY-MM-DD HH:mm') : '');

/** The stats figures of the account application list (their labels translated). */
export function applyFigures(page: ApplyPage | undefined, t: Translate) {
  return (['zfNotCheckNum', 'zzqyCheckNum', 'yyqyCheckNum'] as const).map((key) => ({
    key,
    label: t(`approvals:stats.${key}`),
    value: page ? String(page[key]) : '–',
  }));
}

export function accountApplyConfig(
  t: Translate,
  open: (row: ApplyRecord) => void,
): ListConfig<ApplyRecord, ApplyPage> {
  const columns: ColumnDef<ApplyRecord>[] = [
    { key: 'applyId', title: 'approvals:col.applyId', width: 80 },
    { key: 'accountName', title: 'approvals:col.accountName', ellipsis: true },
    {
      key: 'accountType',
      title: 'approvals:col.accountType',
      value: (r) => t(`common:accountType.${r.accountType}`),
    },
    { key: 'applyType', title: 'approvals:col.applyType', value: (r) => t(`approvals:type.${r.applyType}`) },
    {
      key: 'applyStatus',
      title: 'approvals:col.applyStatus',
      value: (r) => t(`approvals:status.${r.applyStatus}`),
    },
    { key: 'reason', title: 'approvals:col.reason', ellipsis: true, width: 160 },
    { key: 'contactName', title: 'approvals:col.contactName' },
    { key: 'phoneNum', title: 'approvals:col.phoneNum', value: (r) => phoneText(r.phoneNum) || r.email },
    {
      key: 'createTime',
      title: 'approvals:col.createTime',
      value: (r) => timeText(r.createTime),
      sort: true,
    },
    { key: 'reviewTime', title: 'approvals:col.reviewTime', value: (r) => timeText(r.reviewTime) },
  ];
  return {
    id: 'account-applies',
    ns: ['approvals'],
    fetch: approvalsApi.accountPage,
    rowKey: (r) => r.applyId,
    defaultSort: { field: 'createTime', order: 1 },
    filters: [
      { kind: 'text', name: 'accountName', label: 'approvals:filter.accountName' },
      { kind: 'text', name: 'accountId', label: 'approvals:filter.accountId' },
      {
        kind: 'select',
        name: 'applyType',
        label: 'approvals:filter.applyType',
        numeric: true,
        options: [1, 2].map((v) => ({ value: v, labelKey: `approvals:type.${v}` })),
      },
      {
        kind: 'select',
        name: 'applyStatus',
        label: 'approvals:filter.applyStatus',
        numeric: true,
        options: statusOptions,
      },
    ],
    columns,
    rowActions: [{ key: 'open', label: 'approvals:action.open', first: true, onClick: open }],
  };
}

export function userApplyConfig(
  t: Translate,
  open: (row: UserApplyRecord) => void,
): ListConfig<UserApplyRecord, PageResult<UserApplyRecord>> {
  return {
    id: 'user-applies',
    ns: ['approvals'],
    fetch: approvalsApi.userPage,
    rowKey: (r) => r.applyId,
    defaultSort: { field: 'createTime', order: 1 },
    filters: [
      { kind: 'text', name: 'userName', label: 'approvals:filter.userName' },
      { kind: 'text', name: 'accountName', label: 'approvals:filter.accountName' },
      { kind: 'text', name: 'adminPhone', label: 'approvals:filter.adminPhone' },
      {
        kind: 'select',
        name: 'accountType',
        label: 'approvals:filter.accountType',
        numeric: true,
        options: accountTypeOptions,
      },
      {
        kind: 'select',
        name: 'applyStatus',
        label: 'approvals:filter.applyStatus',
        numeric: true,
        options: statusOptions,
      },
    ],
    columns: [
      { key: 'applyId', title: 'approvals:col.applyId', width: 80 },
      { key: 'userName', title: 'approvals:col.userName' },
      { key: 'phoneNum', title: 'approvals:col.phoneNum', value: (r) => phoneText(r.phoneNum) },
      { key: 'accountName', title: 'approvals:col.accountName', ellipsis: true },
      {
        key: 'accountType',
        title: 'approvals:col.accountType',
        value: (r) => t(`common:accountType.${r.accountType}`),
      },
      { key: 'adminPhone', title: 'approvals:col.adminPhone', value: (r) => phoneText(r.adminPhone) },
      {
        key: 'applyStatus',
        title: 'approvals:col.applyStatus',
        value: (r) => t(`approvals:status.${r.applyStatus}`),
      },
      { key: 'reason', title: 'approvals:col.reason', ellipsis: true, width: 160 },
      {
        key: 'createTime',
        title: 'approvals:col.createTime',
        value: (r) => timeText(r.createTime),
        sort: true,
      },
      { key: 'reviewTime', title: 'approvals:col.reviewTime', value: (r) => timeText(r.reviewTime) },
    ],
    rowActions: [{ key: 'open', label: 'approvals:action.open', first: true, onClick: open }],
  };
}

/** Registration fields that say nothing to a reviewer (how the form was sent). */
const HIDDEN_FIELDS = ['commitWay'];

/** A compared value as shown: enumerations translated. */
export function valueText(field: string, value: string, t: Translate): string {
  if (!value) return '';
  if (field === 'accountType') return t(`common:accountType.${value}`);
  if (field === 'operatorType') return t(`approvals:operatorType.${value}`);
  if (field === 'phoneNum') return phoneText(value);
  return value;
}

/** Rows of the side-by-side comparison: each field, what was submitted and what the account has now. */
export function comparison(content: Record<string, unknown>, current: Record<string, unknown>) {
  const extra = Object.keys(content).filter((k) => !INFO_FIELDS.includes(k) && !HIDDEN_FIELDS.includes(k));
  const keys = [...INFO_FIELDS, ...extra];
  return keys
    .filter((k) => k in content || (current[k] !== null && current[k] !== undefined))
    .map((field) => {
      const submitted = content[field] === undefined || content[field] === null ? '' : String(content[field]);
      const now = current[field] === undefined || current[field] === null ? '' : String(current[field]);
      // Only the account's own fields compare; the rest of a registration has no current value.
      const changed = INFO_FIELDS.includes(field) && field in content && submitted !== now;
      return { field, submitted, current: now, changed };
    });
}
