/**
 * PartWhiteList (002 §7 device/deviceWhiteList; issue 23 point 4) as configuration of the shared
 * list pattern (src/list): filters type and hwId (a prefix), columns (type, hardware id, account,
 * added), delete with confirmation, and the toolbar's upload button (the dialog is UploadDialog.tsx).
 * Pure; tested in config.test.ts.
 */
import {
  ACCESSORY_TYPE_KEYS,
  ACCESSORY_TYPES,
  type AccessoryType,
  formatDate,
  type WhitelistEntry,
} from '@agrifleet/domain';
import type { Translate } from '../../list/columns.ts';
import type { ListConfig } from '../../list/types.ts';
import { type WhitelistPage, whitelistApi } from './api.ts';

/** i18n key of an accessory type's label. */
export const typeKey = (type: number) =>
  `whitelist:type.${ACCESSORY_TYPE_KEYS[type as AccessoryType] ?? 'battery'}`;

export const typeOptions = ACCESSORY_TYPES.map((v) => ({ value: v, labelKey: typeKey(v) }));

export function whitelistConfig(
  t: Translate,
  hooks: { openUpload: () => void; showAccount: boolean },
): ListConfig<WhitelistEntry, WhitelistPage> {
  return {
    id: 'whitelist',
    ns: ['whitelist'],
    fetch: whitelistApi.page,
    rowKey: (r) => r.id,
    filters: [
      { kind: 'select', name: 'type', label: 'whitelist:type.label', numeric: true, options: typeOptions },
      { kind: 'text', name: 'hwId', label: 'whitelist:hwId' },
    ],
    columns: [
      { key: 'type', title: 'whitelist:type.label', value: (r) => t(typeKey(r.type)) },
      { key: 'hwId', title: 'whitelist:hwId' },
      ...(hooks.showAccount ? [{ key: 'accountName', title: 'whitelist:account' }] : []),
      { key: 'createdAt', title: 'whitelist:createdAt', value: (r) => formatDate(r.createdAt) },
    ],
    toolbar: [{ key: 'upload', label: 'whitelist:upload', primary: true, onClick: hooks.openUpload }],
    remove: (row) => whitelistApi.remove(row.id),
  };
}
