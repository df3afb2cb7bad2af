/**
 * Access rules of 000 §6 / 001 §6 / 002 §6 as data. The web builds menus and guards routes
 * from these; the server refuses API calls with the same function.
 */
import { type AccountType, LEASE_MODELS, OperatorType, type UserType } from './enums.ts';
import { ALL_SCREENS, type Screen } from './screens.ts';

const LEASING_OPERATOR: Screen[] = [
  'LeaseDataStat',
  'ClientList',
  'ClientDataView',
  'LeaseList',
  'BillList',
  'WorkRecordList',
  'BasicPriceList',
];
const LEASING_TENANT: Screen[] = ['OperatorDataStat', 'BillList', 'WorkRecordList'];
const UNIFIED_TASKS: Screen[] = ['UnifiedTaskList', 'UnifiedTaskDroneList', 'UnifiedTaskChart'];

/** Government (type 2) list; types 3 and 4 add to it. */
const GOVERNMENT: Screen[] = [
  'StatScreen',
  'MonitorView',
  'NoFlyZoneList',
  'DataStatList',
  'DroneStatistics',
  'SystemLogList',
  'MemberList',
  'DroneList',
  'BlockList',
  'GroupControl',
  ...UNIFIED_TASKS,
  'SubsidyList',
  'AccountDetail',
  'BulletinList',
  'BulletinCreate',
];

const PLATFORM: Screen[] = ALL_SCREENS.filter(
  (s) => !LEASING_OPERATOR.includes(s) && !LEASING_TENANT.includes(s) && s !== 'TeamList',
);

/** Screens by account type. */
export const SCREENS_BY_ACCOUNT_TYPE: Record<AccountType, readonly Screen[]> = {
  1: PLATFORM,
  2: GOVERNMENT,
  3: [
    ...GOVERNMENT.filter((s) => s !== 'BulletinCreate'),
    'RtkList',
    'OrderList',
    'InvoiceList',
    'FlightControl',
    'DroneModelList',
    'SubCompanyList',
    'FirmwareManage',
    'GroundStationConfig',
    // 000 §6 gives type 3 "ground station"; the menu has both a ground-station config and a
    // ground-station log (AppLog). A maker reads the logs its own apps sent (issue 23 acceptance).
    'AppLog',
    'PartWhiteList',
    ...LEASING_OPERATOR,
  ],
  4: [
    ...GOVERNMENT.filter((s) => s !== 'SubsidyList' && s !== 'BulletinCreate'),
    'TeamList',
    'SubCompanyList',
    ...LEASING_TENANT,
  ],
  5: ['AccountDetail'],
};

const ADMINISTRATIVE: Screen[] = ALL_SCREENS.filter(
  (s) => s !== 'FirmwareManage' && !LEASING_OPERATOR.includes(s) && !LEASING_TENANT.includes(s),
);

/** Screens by user type (type 2 exists in the original tables and allows nothing). */
export const SCREENS_BY_USER_TYPE: Record<UserType | 2, readonly Screen[]> = {
  1: ALL_SCREENS,
  2: [],
  3: ['StatScreen', 'MonitorView', 'DataStatList', 'DroneStatistics', 'StatOverview', 'FirmwareManage'],
  4: ADMINISTRATIVE,
  5: ADMINISTRATIVE.filter((s) => s !== 'SystemLogList' && s !== 'MemberList' && s !== 'SubCompanyList'),
  6: ['ClientList', 'ClientDataView', 'LeaseList', 'BillList', 'WorkRecordList', 'OperatorDataStat'],
};

/** Sub-platforms (account type 1 with a tag) use these lists instead of the account-type list. */
export const SCREENS_BY_TAG: Record<number, readonly Screen[]> = {
  1: PLATFORM.filter(
    (s) => !['Tools', 'FirmwareManage', 'GroundStationConfig', 'PartWhiteList', 'AppLog'].includes(s),
  ),
  2: ['StatScreen', 'MonitorView', 'DataStatList', 'DroneStatistics', 'DroneList', 'AccountDetail'],
};

/** Screens of the default host profile: no leasing, no firmware management. */
export const DEFAULT_HOST_SCREENS: readonly Screen[] = ALL_SCREENS.filter(
  (s) => s !== 'FirmwareManage' && !LEASING_OPERATOR.includes(s) && !LEASING_TENANT.includes(s),
);

export const ABILITIES = [
  'manageStaff',
  'viewSystemLogs',
  'manageEquipment',
  'manageNoFly',
  'manageAccount',
  'manageTeam',
  'manageTask',
  'receiveLevel1Sms',
  'sendBulletin',
  'receiveBulletin',
  'manageClient',
  'manageLease',
  'manageRecharge',
  'manageWorkRecord',
] as const;
export type Ability = (typeof ABILITIES)[number];

const BUSINESS_ADMIN: Ability[] = [
  'manageEquipment',
  'manageNoFly',
  'manageAccount',
  'manageTeam',
  'manageTask',
  'receiveLevel1Sms',
  'sendBulletin',
  'receiveBulletin',
];

export const ABILITIES_BY_USER_TYPE: Record<UserType, readonly Ability[]> = {
  1: ABILITIES,
  3: [],
  4: ['manageStaff', 'viewSystemLogs', ...BUSINESS_ADMIN],
  5: BUSINESS_ADMIN,
  6: ['manageClient', 'manageLease', 'manageRecharge', 'manageWorkRecord'],
};

/** What the access rules need to know of the caller and the host it came through. */
export interface AccessSubject {
  accountType: AccountType;
  userType: UserType;
  tag: number | null;
  vipLevel: number;
  accountCatalogLevel: number;
  canCreateSub: boolean;
  leaseModel: number | null;
  operatorType: string | null;
  checkStatus: number;
  /** The account's lookup of manufacturers that lease to it returned some. */
  isTenant: boolean;
  hostScreens: readonly Screen[];
}

export function canCreateSubAccounts(
  s: Pick<AccessSubject, 'accountCatalogLevel' | 'vipLevel' | 'canCreateSub'>,
) {
  return (s.accountCatalogLevel === 1 && s.vipLevel > 0) || (s.accountCatalogLevel > 1 && s.canCreateSub);
}

export function isLeaseAccount(s: Pick<AccessSubject, 'leaseModel' | 'userType'>) {
  return (
    (s.leaseModel !== null && (LEASE_MODELS as readonly number[]).includes(s.leaseModel)) || s.userType === 6
  );
}

export function isPersonalOperator(s: Pick<AccessSubject, 'accountType' | 'operatorType'>) {
  return s.accountType === 4 && s.operatorType === OperatorType.personal;
}

export function isSubPlatform(s: Pick<AccessSubject, 'accountType' | 'tag'>) {
  return s.accountType === 1 && s.tag !== null && s.tag > 0;
}

/** Verified: platform and government always; other accounts once checkStatus is 2. */
export function isVerified(s: Pick<AccessSubject, 'accountType' | 'checkStatus'>) {
  return s.accountType === 1 || s.accountType === 2 || s.checkStatus === 2;
}

/** Account features that hide screens even when the lists allow them. */
function featureAllows(s: AccessSubject, screen: Screen): boolean {
  if (!isVerified(s) && screen !== 'AccountDetail') return false;
  if ((screen === 'FlightControl' || screen === 'SubCompanyList') && s.accountType !== 1) {
    if (!canCreateSubAccounts(s)) return false;
  }
  if (screen === 'PartWhiteList' && s.accountType !== 1 && !(s.vipLevel > 0)) return false;
  if (LEASING_OPERATOR.includes(screen) && s.accountType === 3 && !isLeaseAccount(s)) return false;
  if (LEASING_TENANT.includes(screen) && s.accountType === 4 && !s.isTenant) return false;
  if ((screen === 'TeamList' || screen === 'MemberList') && isPersonalOperator(s)) return false;
  return true;
}

export function canAccessScreen(s: AccessSubject, screen: Screen): boolean {
  // The drone detail is part of the drone list: whoever has the list has the detail.
  if (screen === 'DroneDetail') return canAccessScreen(s, 'DroneList');
  // The block detail and its route planning are part of the block list.
  if (screen === 'BlockDetail' || screen === 'RoutePlanning') return canAccessScreen(s, 'BlockList');
  const byAccount = isSubPlatform(s)
    ? (SCREENS_BY_TAG[s.tag as number] ?? [])
    : SCREENS_BY_ACCOUNT_TYPE[s.accountType];
  return (
    byAccount.includes(screen) &&
    SCREENS_BY_USER_TYPE[s.userType].includes(screen) &&
    s.hostScreens.includes(screen) &&
    featureAllows(s, screen)
  );
}

export function allowedScreens(s: AccessSubject): Screen[] {
  return ALL_SCREENS.filter((screen) => canAccessScreen(s, screen));
}

export function hasAbility(s: Pick<AccessSubject, 'userType'>, ability: Ability): boolean {
  return ABILITIES_BY_USER_TYPE[s.userType].includes(ability);
}

/**
 * Screens that send commands, and who may only watch there. 000 §6 grants GroupControl to a
 * government (type 2): it supervises a region, so it watches the drones of its region (status,
 * plan, progress), while settings, plans and start / pause / resume / return home stay with the
 * drones' operators and makers. A user without `ability` watches too. The server answers the
 * screen's reads to a watcher and refuses its commands (403); the web hides the command controls
 * and says why (`watchOnlyReason`).
 */
export const SCREEN_COMMANDS: { readonly [S in Screen]?: ScreenCommands } = {
  GroupControl: { ability: 'manageEquipment', watchOnlyAccountTypes: [2] },
  FlightControl: { ability: 'manageEquipment', watchOnlyAccountTypes: [] },
};

export interface ScreenCommands {
  /** The ability a command on the screen needs. */
  ability: Ability;
  /** Account types that only watch the screen. */
  watchOnlyAccountTypes: readonly AccountType[];
}

/** Why a caller who has the screen may not command on it: its account type, or a missing ability. */
export type WatchOnlyReason = 'accountType' | 'ability';

/** Why the subject only watches `screen` (it has the screen), or null when it may command there. */
export function watchOnlyReason(
  s: Pick<AccessSubject, 'accountType' | 'userType'>,
  screen: Screen,
): WatchOnlyReason | null {
  const rule = SCREEN_COMMANDS[screen];
  if (!rule) return null;
  if (rule.watchOnlyAccountTypes.includes(s.accountType)) return 'accountType';
  if (!hasAbility(s, rule.ability)) return 'ability';
  return null;
}

/** May the subject send commands from `screen` (it has the screen and does not only watch it)? */
export function canCommandOn(s: AccessSubject, screen: Screen): boolean {
  return canAccessScreen(s, screen) && SCREEN_COMMANDS[screen] !== undefined && !watchOnlyReason(s, screen);
}

/** Where an unknown path (or "/") leads: 000 §2. */
export function homeScreen(s: AccessSubject): Screen | null {
  if (s.userType === 6) return 'LeaseList';
  if (s.accountType === 1 && canAccessScreen(s, 'StatScreen')) return 'StatScreen';
  if (canAccessScreen(s, 'MonitorView')) return 'MonitorView';
  return allowedScreens(s).find((screen) => screen !== 'StatScreen' && screen !== 'StatOverview') ?? null;
}

/**
 * Administrative-region code of a government account: its county rule, else city, else province
 * (9-digit codes, see CHINA_REGION_CODE).
 */
export function governmentRegionCode(rule: {
  ruleProvince: number | null;
  ruleCity: number | null;
  ruleCounty: number | null;
}): number | null {
  return rule.ruleCounty ?? rule.ruleCity ?? rule.ruleProvince ?? null;
}
