/**
 * The demo's saved statistics items (统计列表, DataStatList): a few per account whose roles have the
 * screen, stored through the data statistics repository with the same checks the create call makes
 * (the settings schema, the cross-setting rules, the account's cap).
 */
import {
  DATASTAT_MAX_ITEMS,
  type StatSettingsInput,
  statSettings,
  statSettingsProblems,
} from '@agrifleet/domain';
import { createDatastatRepo } from '../modules/datastat/datastat.repo.ts';
import type { Db } from '../platform/db.ts';

const COMMON: StatSettingsInput[] = [
  { name: '本年各月作业面积', periodType: 2, x: 'month', y: 'area', showType: 2 },
  { name: '本月每日作业架次', periodType: 3, x: 'day', y: 'sorties', showType: 3 },
  { name: '累计作业面积（按作物）', periodType: 5, x: 'crop', y: 'area', showType: 4 },
];

/** One more item per kind of account: what each would look at. */
const BY_ACCOUNT_TYPE: Record<number, StatSettingsInput> = {
  1: { name: '本年各地区作业面积', periodType: 2, x: 'region', y: 'area', showType: 1 },
  2: { name: '本年各地区作业面积', periodType: 2, x: 'region', y: 'area', showType: 1 },
  3: { name: '本年各机型飞行时长', periodType: 2, x: 'model', y: 'flightTime', showType: 2 },
  4: { name: '本年各飞手作业面积', periodType: 2, x: 'pilot', y: 'area', showType: 1 },
};

/** The items of one account, saved by `userId`; returns how many were stored. */
export async function seedDemoStatItems(
  db: Db,
  account: { id: number; type: number },
  userId: number,
): Promise<number> {
  const repo = createDatastatRepo(db);
  const wanted = [...COMMON, BY_ACCOUNT_TYPE[account.type]].filter((s): s is StatSettingsInput => !!s);
  let stored = 0;
  for (const input of wanted) {
    const s = statSettings.parse(input);
    const [problem] = statSettingsProblems(s);
    if (problem) throw new Error(`demo stat item "${s.name}": ${problem.problem}`);
    if (await repo.insert(account.id, userId, s, DATASTAT_MAX_ITEMS)) stored++;
  }
  return stored;
}
