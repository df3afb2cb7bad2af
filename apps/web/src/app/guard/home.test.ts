import { type AccessSubject, ALL_SCREENS, DEFAULT_HOST_SCREENS } from '@agrifleet/domain';
import { PLATFORM_ADMIN } from '@agrifleet/domain/testing';
import { describe, expect, it } from 'vitest';
import { homeTarget } from './home.ts';

const platform: AccessSubject = PLATFORM_ADMIN;
const manufacturer: AccessSubject = {
  ...platform,
  accountType: 3,
  vipLevel: 1,
  canCreateSub: true,
  leaseModel: 1,
};

describe('homeTarget', () => {
  it('sends platform users to the stat screen', () => {
    expect(homeTarget(platform)).toBe('StatScreen');
  });
  it('sends platform users without the stat screen to the monitor', () => {
    expect(homeTarget({ ...platform, hostScreens: ALL_SCREENS.filter((s) => s !== 'StatScreen') })).toBe(
      'MonitorView',
    );
  });
  it('sends other accounts to the monitor', () => {
    expect(homeTarget(manufacturer)).toBe('MonitorView');
    expect(homeTarget({ ...platform, accountType: 2 })).toBe('MonitorView');
  });
  it('sends lease managers to the lease list', () => {
    expect(homeTarget({ ...manufacturer, userType: 6 })).toBe('LeaseList');
  });
  it('gives null rather than a lease list the host does not offer (no redirect loop)', () => {
    expect(homeTarget({ ...manufacturer, userType: 6, hostScreens: DEFAULT_HOST_SCREENS })).toBeNull();
  });
  it('sends unverified accounts to their account detail', () => {
    expect(homeTarget({ ...manufacturer, checkStatus: 1 })).toBe('AccountDetail');
  });
});
