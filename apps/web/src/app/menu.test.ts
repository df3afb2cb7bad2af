import { type AccessSubject, DEFAULT_HOST_SCREENS, type Screen } from '@agrifleet/domain';
import { PLATFORM_ADMIN } from '@agrifleet/domain/testing';
import { describe, expect, it } from 'vitest';
import { menuScreens, screenTitleKey, selectedMenu, type VisibleItem, visibleMenu } from './menu.ts';

/** The demo roles of the seed (apps/server/src/demo/accounts.ts), on a host offering every screen. */
const base: AccessSubject = PLATFORM_ADMIN;
const roles = {
  platform: base,
  staff: { ...base, userType: 3 },
  government: { ...base, accountType: 2 },
  manufacturer: { ...base, accountType: 3, vipLevel: 1, canCreateSub: true, leaseModel: 1 },
  leaseManager: { ...base, accountType: 3, userType: 6, vipLevel: 1, canCreateSub: true, leaseModel: 1 },
  tenant: { ...base, accountType: 4, operatorType: '1', isTenant: true },
  personal: { ...base, accountType: 4, operatorType: '2' },
  unverified: { ...base, accountType: 3, checkStatus: 1 },
} satisfies Record<string, AccessSubject>;

const screensOf = (subject: AccessSubject, language: 'zh' | 'en' | 'th' = 'zh') =>
  menuScreens(visibleMenu({ subject, language }));
const groupsOf = (subject: AccessSubject) =>
  visibleMenu({ subject, language: 'zh' })
    .filter((i) => i.kind === 'group')
    .map((i) => i.key);
const LEASING: Screen[] = [
  'LeaseDataStat',
  'ClientList',
  'LeaseList',
  'BillList',
  'WorkRecordList',
  'OperatorDataStat',
  'BasicPriceList',
];

describe('visibleMenu', () => {
  it('platform admin sees accounts, audits and tools but no leasing', () => {
    const s = screensOf(roles.platform);
    expect(s).toEqual(
      expect.arrayContaining([
        'StatScreen',
        'MonitorView',
        'AccountList',
        'AccountApplyList',
        'UserApplyList',
        'Tools',
        'BulletinCreate',
      ]),
    );
    expect(s.filter((x) => LEASING.includes(x))).toEqual([]);
    expect(groupsOf(roles.platform)).not.toContain('leasing');
  });

  it('ends with settings and sign out', () => {
    const items = visibleMenu({ subject: roles.platform, language: 'zh' });
    expect(items.slice(-2).map((i) => i.key)).toEqual(['settings', 'signOut']);
  });

  it('platform staff sees only the statistics, monitor and firmware entries', () => {
    expect(screensOf(roles.staff)).toEqual([
      'StatScreen',
      'MonitorView',
      'DataStatList',
      'DroneStatistics',
      'FirmwareManage',
    ]);
  });

  it('lease manager sees only leasing entries', () => {
    const s = screensOf(roles.leaseManager);
    expect(s).toEqual(['ClientList', 'LeaseList', 'BillList', 'WorkRecordList']);
    expect(groupsOf(roles.leaseManager)).toEqual(['leasing']);
  });

  it('manufacturer with sub-accounts and leasing sees flight control, sub companies and the operator leasing set', () => {
    const s = screensOf(roles.manufacturer);
    expect(s).toEqual(
      expect.arrayContaining([
        'FlightControl',
        'SubCompanyList',
        'PartWhiteList',
        'LeaseDataStat',
        'BasicPriceList',
      ]),
    );
    expect(s).not.toContain('AccountList');
    expect(s).not.toContain('OperatorDataStat');
  });

  it('leasing tenant sees the tenant leasing set and teams', () => {
    const s = screensOf(roles.tenant);
    expect(s.filter((x) => LEASING.includes(x))).toEqual(['BillList', 'WorkRecordList', 'OperatorDataStat']);
    expect(s).toEqual(expect.arrayContaining(['TeamList', 'MemberList']));
  });

  it('personal operator has no teams or members', () => {
    const s = screensOf(roles.personal);
    expect(s).not.toContain('TeamList');
    expect(s).not.toContain('MemberList');
    expect(s).toContain('MonitorView');
  });

  it('unverified account sees only account detail', () => {
    expect(screensOf(roles.unverified)).toEqual(['AccountDetail']);
    expect(groupsOf(roles.unverified)).toEqual(['organization']);
  });

  it('offers the data-overview entry only in Thai', () => {
    expect(screensOf(roles.platform, 'th')).toContain('StatOverview');
    expect(screensOf(roles.platform, 'zh')).not.toContain('StatOverview');
    expect(screensOf(roles.platform, 'en')).not.toContain('StatOverview');
  });

  it('calls members "staffs" for companies and "members" for platform', () => {
    const label = (s: AccessSubject) =>
      visibleMenu({ subject: s, language: 'zh' })
        .flatMap((i) => (i.kind === 'group' ? i.children : [i]))
        .find((i) => i.key === 'MemberList')?.labelKey;
    expect(label(roles.platform)).toBe('menu.members');
    expect(label(roles.tenant)).toBe('menu.staffs');
  });

  it('titles the members screen like its menu entry', () => {
    expect(screenTitleKey('MemberList', roles.tenant)).toBe('shell:menu.staffs');
    expect(screenTitleKey('MemberList', roles.platform)).toBe('shell:menu.members');
    expect(screenTitleKey('DroneList', roles.tenant)).toBe('common:screen.DroneList');
  });

  it('hides what the host does not offer', () => {
    const s = screensOf({ ...roles.manufacturer, hostScreens: DEFAULT_HOST_SCREENS });
    expect(s.filter((x) => LEASING.includes(x) || x === 'FirmwareManage')).toEqual([]);
  });
});

describe('selectedMenu', () => {
  const items: VisibleItem[] = visibleMenu({ subject: roles.platform, language: 'zh' });
  it('selects the exact entry and opens its group', () => {
    expect(selectedMenu(items, '/business_manage/drone-list')).toEqual({
      selected: 'DroneList',
      group: 'business',
    });
    expect(selectedMenu(items, '/monitor_manage/monitor')).toEqual({ selected: 'MonitorView', group: null });
  });
  it('prefers the exact route over a prefix', () => {
    expect(selectedMenu(items, '/data_stat_manage/data-stat-list/~/drone-statistics').selected).toBe(
      'DroneStatistics',
    );
    expect(selectedMenu(items, '/data_stat_manage/data-stat-list').selected).toBe('DataStatList');
  });
  it('selects the parent entry of a detail route', () => {
    expect(selectedMenu(items, '/business_manage/unified-task-list/12/chart')).toEqual({
      selected: 'UnifiedTaskList',
      group: 'business',
    });
  });
  it('selects nothing for an unknown path', () => {
    expect(selectedMenu(items, '/nowhere')).toEqual({ selected: null, group: null });
  });
});
