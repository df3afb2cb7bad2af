import type { UserInfo } from '@agrifleet/domain';
import type { AccountRow, UserRow } from '../../platform/schema.ts';

/** The user info of 000 §3 from a user and its account. */
export function toUserInfo(user: UserRow, account: AccountRow, isTenant: boolean): UserInfo {
  return {
    userId: user.id,
    userName: user.user_name,
    userHeadUrl: user.avatar_url,
    userType: user.user_type,
    accountType: account.account_type,
    accountName: account.account_name,
    accountLogo: account.logo_url,
    tag: account.tag,
    vipLevel: account.vip_level,
    phoneNum: user.phone ? `${user.phone_country}-${user.phone}` : null,
    email: user.email,
    accountId: account.id,
    checkStatus: account.check_status,
    teamType: user.team_type,
    accountCatalogLevel: account.account_catalog_level,
    canCreateSub: account.can_create_sub,
    ruleProvince: account.rule_province,
    ruleCity: account.rule_city,
    ruleCounty: account.rule_county,
    leaseModel: account.lease_model,
    operatorType: account.operator_type,
    isTenant,
  };
}
