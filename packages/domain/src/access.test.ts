import { describe, expect, it } from 'vitest';
import {
  type AccessSubject,
  allowedScreens,
  canAccessScreen,
  canCommandOn,
  canCreateSubAccounts,
  DEFAULT_HOST_SCREENS,
  governmentRegionCode,
  hasAbility,
  homeScreen,
  isLeaseAccount,
  watchOnlyReason,
} from './access.ts';
import { ALL_SCREENS } from './screens.ts';
import { PLATFORM_ADMIN } from './testing.ts';

const base: AccessSubject = PLATFORM_ADMIN;
const subject = (over: Partial<AccessSubject>): AccessSubject => ({ ...base, ...over });

describe('screens by account type, user type and host', () => {
  it('platform super admin sees account lists, tools, firmware and both big screens but not leasing', () => {
    const s = allowedScreens(base);
    for (const screen of [
      'AccountList',
      'AccountApplyList',
      'Tools',
      'FirmwareManage',
      'GroundStationConfig',
      'PartWhiteList',
      'StatScreen',
      'StatOverview',
    ] as const) {
      expect(s).toContain(screen);
    }
    expect(s).not.toContain('ClientList');
    expect(s).not.toContain('TeamList');
  });

  it('government sees its reduced list with subsidies and no account administration', () => {
    const s = allowedScreens(subject({ accountType: 2 }));
    expect(s).toContain('SubsidyList');
    expect(s).toContain('MonitorView');
    expect(s).not.toContain('AccountList');
    expect(s).not.toContain('RtkList');
  });

  it('manufacturer adds rtk, orders, models, firmware; leasing only as a lease account', () => {
    const plain = allowedScreens(subject({ accountType: 3 }));
    expect(plain).toEqual(
      expect.arrayContaining(['RtkList', 'OrderList', 'InvoiceList', 'DroneModelList', 'FirmwareManage']),
    );
    expect(plain).not.toContain('ClientList');
    expect(plain).not.toContain('FlightControl');
    expect(plain).not.toContain('PartWhiteList');
    const lease = allowedScreens(subject({ accountType: 3, leaseModel: 1, vipLevel: 1 }));
    expect(lease).toEqual(
      expect.arrayContaining([
        'ClientList',
        'LeaseList',
        'BasicPriceList',
        'FlightControl',
        'SubCompanyList',
        'PartWhiteList',
      ]),
    );
  });

  it('operator adds teams; leasing tenant screens only for tenants; no rtk or subsidies', () => {
    const op = allowedScreens(subject({ accountType: 4, operatorType: '1' }));
    expect(op).toContain('TeamList');
    expect(op).not.toContain('RtkList');
    expect(op).not.toContain('SubsidyList');
    expect(op).not.toContain('OperatorDataStat');
    expect(allowedScreens(subject({ accountType: 4, isTenant: true }))).toContain('OperatorDataStat');
  });

  it('personal operators have no teams or staff', () => {
    const s = allowedScreens(subject({ accountType: 4, operatorType: '2' }));
    expect(s).not.toContain('TeamList');
    expect(s).not.toContain('MemberList');
    expect(s).toContain('MonitorView');
  });

  it('staff sees only the workbench set; lease manager only leasing', () => {
    expect(allowedScreens(subject({ userType: 3 })).sort()).toEqual(
      [
        'DataStatList',
        'DroneStatistics',
        'FirmwareManage',
        'MonitorView',
        'StatOverview',
        'StatScreen',
      ].sort(),
    );
    const lease = allowedScreens(subject({ accountType: 3, userType: 6, leaseModel: 1 }));
    expect(lease.sort()).toEqual(
      ['BillList', 'ClientDataView', 'ClientList', 'LeaseList', 'WorkRecordList'].sort(),
    );
  });

  it('business admin lacks logs, members and sub-companies; enterprise admin lacks firmware', () => {
    const biz = allowedScreens(subject({ accountType: 3, userType: 5, vipLevel: 1 }));
    expect(biz).not.toContain('SystemLogList');
    expect(biz).not.toContain('MemberList');
    expect(biz).not.toContain('SubCompanyList');
    expect(allowedScreens(subject({ accountType: 3, userType: 4 }))).not.toContain('FirmwareManage');
  });

  it('an account not yet reviewed sees only its account detail', () => {
    expect(allowedScreens(subject({ accountType: 3, checkStatus: 1 }))).toEqual(['AccountDetail']);
    // Platform and government accounts do not wait for review.
    expect(allowedScreens(subject({ accountType: 2, checkStatus: 1 }))).toContain('MonitorView');
  });

  it('a host without a screen refuses it whatever the role', () => {
    const s = subject({ accountType: 3, leaseModel: 1, hostScreens: DEFAULT_HOST_SCREENS });
    expect(canAccessScreen(s, 'ClientList')).toBe(false);
    expect(canAccessScreen(s, 'FirmwareManage')).toBe(false);
    expect(canAccessScreen(s, 'DroneList')).toBe(true);
  });

  it('sub-platforms use the tag list instead of the account-type list', () => {
    const s = allowedScreens(subject({ tag: 2 }));
    expect(s).toContain('MonitorView');
    expect(s).not.toContain('AccountList');
    expect(allowedScreens(subject({ tag: 1 }))).toContain('AccountList');
    expect(allowedScreens(subject({ tag: 1 }))).not.toContain('Tools');
  });
});

describe('account features and abilities', () => {
  it('sub-accounts: level 1 with vipLevel, or level above 1 with canCreateSub', () => {
    expect(canCreateSubAccounts({ accountCatalogLevel: 1, vipLevel: 1, canCreateSub: false })).toBe(true);
    expect(canCreateSubAccounts({ accountCatalogLevel: 1, vipLevel: 0, canCreateSub: true })).toBe(false);
    expect(canCreateSubAccounts({ accountCatalogLevel: 2, vipLevel: 0, canCreateSub: true })).toBe(true);
    expect(canCreateSubAccounts({ accountCatalogLevel: 2, vipLevel: 5, canCreateSub: false })).toBe(false);
  });

  it('lease accounts: lease model 1, 2, 3 or 5, or lease staff', () => {
    for (const m of [1, 2, 3, 5]) expect(isLeaseAccount({ leaseModel: m, userType: 1 })).toBe(true);
    expect(isLeaseAccount({ leaseModel: 4, userType: 1 })).toBe(false);
    expect(isLeaseAccount({ leaseModel: null, userType: 6 })).toBe(true);
  });

  it('abilities by user type', () => {
    expect(hasAbility({ userType: 1 }, 'manageLease')).toBe(true);
    expect(hasAbility({ userType: 3 }, 'manageEquipment')).toBe(false);
    expect(hasAbility({ userType: 4 }, 'manageStaff')).toBe(true);
    expect(hasAbility({ userType: 5 }, 'manageStaff')).toBe(false);
    expect(hasAbility({ userType: 5 }, 'sendBulletin')).toBe(true);
    expect(hasAbility({ userType: 6 }, 'manageRecharge')).toBe(true);
    expect(hasAbility({ userType: 6 }, 'manageEquipment')).toBe(false);
  });

  it('home screen: lease list for lease managers, stat screen for platform, else monitor', () => {
    expect(homeScreen(subject({ accountType: 3, userType: 6, leaseModel: 1 }))).toBe('LeaseList');
    expect(homeScreen(base)).toBe('StatScreen');
    expect(homeScreen(subject({ hostScreens: ALL_SCREENS.filter((s) => s !== 'StatScreen') }))).toBe(
      'MonitorView',
    );
    expect(homeScreen(subject({ accountType: 4 }))).toBe('MonitorView');
  });

  it('government region code from county, else city, else province', () => {
    expect(
      governmentRegionCode({ ruleProvince: 156320000, ruleCity: 156320100, ruleCounty: 156320102 }),
    ).toBe(156320102);
    expect(governmentRegionCode({ ruleProvince: 156320000, ruleCity: 156320100, ruleCounty: null })).toBe(
      156320100,
    );
    expect(governmentRegionCode({ ruleProvince: 156320000, ruleCity: null, ruleCounty: null })).toBe(
      156320000,
    );
    expect(governmentRegionCode({ ruleProvince: null, ruleCity: null, ruleCounty: null })).toBeNull();
  });
});

describe('the block detail and route planning', () => {
  it('are granted exactly where the block list is', () => {
    for (const accountType of [1, 2, 3, 4, 5] as const)
      for (const userType of [1, 3, 4, 5, 6] as const)
        for (const hostScreens of [ALL_SCREENS, ALL_SCREENS.filter((x) => x !== 'BlockList')]) {
          const s = subject({ accountType, userType, hostScreens });
          for (const screen of ['BlockDetail', 'RoutePlanning'] as const)
            expect(canAccessScreen(s, screen)).toBe(canAccessScreen(s, 'BlockList'));
        }
  });
});

describe('the drone detail', () => {
  it('is granted exactly where the drone list is', () => {
    for (const accountType of [1, 2, 3, 4, 5] as const)
      for (const userType of [1, 3, 4, 5, 6] as const)
        for (const tag of [null, 1, 2])
          for (const hostScreens of [
            ALL_SCREENS,
            DEFAULT_HOST_SCREENS,
            ALL_SCREENS.filter((x) => x !== 'DroneList'),
          ]) {
            const s = subject({ accountType, userType, tag, hostScreens });
            expect(canAccessScreen(s, 'DroneDetail'), JSON.stringify({ accountType, userType, tag })).toBe(
              canAccessScreen(s, 'DroneList'),
            );
          }
  });
});

describe('watch-only screens', () => {
  it('a government has group control, but only watches it', () => {
    const gov = subject({ accountType: 2, userType: 4 });
    expect(canAccessScreen(gov, 'GroupControl')).toBe(true);
    expect(watchOnlyReason(gov, 'GroupControl')).toBe('accountType');
    expect(canCommandOn(gov, 'GroupControl')).toBe(false);
  });

  it('the platform, a maker and an operator command where they have the screen', () => {
    expect(canCommandOn(base, 'GroupControl')).toBe(true);
    expect(canCommandOn(subject({ accountType: 3, userType: 4 }), 'GroupControl')).toBe(true);
    expect(canCommandOn(subject({ accountType: 4, userType: 5 }), 'GroupControl')).toBe(true);
    const maker = subject({ accountType: 3, userType: 4, leaseModel: 1, vipLevel: 1 });
    expect(canCommandOn(maker, 'FlightControl')).toBe(true);
  });

  it('a user without the command ability only watches; a screen without commands commands nothing', () => {
    expect(watchOnlyReason(subject({ accountType: 3, userType: 6 }), 'GroupControl')).toBe('ability');
    expect(watchOnlyReason(base, 'DroneList')).toBeNull();
    expect(canCommandOn(base, 'DroneList')).toBe(false);
  });
});
