import { hashPassword } from '../modules/auth/auth.service.ts';
import type { Db } from '../platform/db.ts';
import { DEMO_ACCOUNTS, DEMO_LEASES, DEMO_PASSWORD, DEMO_USERS } from './accounts.ts';
import { seedDemoDrones } from './drones.ts';
import { seedDemoGroundStation } from './groundStation.ts';
import { seedDemoNofly } from './nofly.ts';

/** Seeds the demo organisations into an empty database. Returns false when it holds accounts already. */
export async function seedDemo(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const ids = new Map<string, number>();
    for (const a of DEMO_ACCOUNTS) {
      const row = await trx
        .insertInto('accounts')
        .values({
          account_type: a.accountType,
          account_name: a.accountName,
          check_status: 2,
          tag: a.tag ?? null,
          vip_level: a.vipLevel ?? 0,
          can_create_sub: a.canCreateSub ?? false,
          lease_model: a.leaseModel ?? null,
          operator_type: a.operatorType ?? null,
          rule_province: a.ruleProvince ?? null,
          rule_city: null,
          rule_county: null,
          province: a.province ?? null,
          parent_id: null,
          logo_url: null,
          busi_license_url: null,
          credit_code: null,
          legal: null,
          contact_name: null,
          contact_phone: null,
          contact_address: null,
          email: null,
          city: null,
          county: null,
          custom_domain: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(a.key, row.id);
    }
    for (const u of DEMO_USERS) {
      await trx
        .insertInto('users')
        .values({
          account_id: ids.get(u.account) as number,
          user_type: u.userType,
          user_name: u.userName,
          phone_country: '86',
          phone: u.phone,
          email: u.email ?? null,
          password_hash: passwordHash,
          avatar_url: null,
          team_type: null,
        })
        .execute();
    }
    for (const l of DEMO_LEASES) {
      await trx
        .insertInto('lease_clients')
        .values({
          manufacturer_account_id: ids.get(l.maker) as number,
          client_account_id: ids.get(l.client) as number,
          active_status: 2,
        })
        .execute();
    }
    await seedDemoDrones(trx, ids);
    await seedDemoNofly(trx);
    await (await import('./rtk.ts')).seedDemoRtk(trx, ids);
    await (await import('./leasing.ts')).seedDemoLeasing(trx, ids);
    await seedDemoGroundStation(trx, ids);
  });
  return true;
}

export function demoCredentialsText(): string {
  const rows = DEMO_USERS.map((u) => `  ${u.role.padEnd(38)} ${u.phone}${u.email ? ` / ${u.email}` : ''}`);
  return [`Demo accounts (password ${DEMO_PASSWORD}):`, ...rows].join('\n');
}
