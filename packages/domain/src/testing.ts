/** Access subjects for tests: the demo roles of the seed on a host that offers every screen. */
import type { AccessSubject } from './access.ts';
import { ALL_SCREENS } from './screens.ts';

export const PLATFORM_ADMIN: AccessSubject = {
  accountType: 1,
  userType: 1,
  tag: null,
  vipLevel: 0,
  accountCatalogLevel: 1,
  canCreateSub: false,
  leaseModel: null,
  operatorType: null,
  checkStatus: 2,
  isTenant: false,
  hostScreens: ALL_SCREENS,
};

export const subjectWith = (over: Partial<AccessSubject>): AccessSubject => ({ ...PLATFORM_ADMIN, ...over });
