/** The access subject of the signed-in user on this host: what menus and the route guard test. */
import type { AccessSubject, AccountType, PublicHostProfile, UserInfo, UserType } from '@agrifleet/domain';

export function subjectOf(user: UserInfo, host: PublicHostProfile): AccessSubject {
  return {
    accountType: user.accountType as AccountType,
    userType: user.userType as UserType,
    tag: user.tag,
    vipLevel: user.vipLevel,
    accountCatalogLevel: user.accountCatalogLevel,
    canCreateSub: user.canCreateSub,
    leaseModel: user.leaseModel,
    operatorType: user.operatorType,
    checkStatus: user.checkStatus,
    isTenant: user.isTenant,
    hostScreens: host.screens,
  };
}
