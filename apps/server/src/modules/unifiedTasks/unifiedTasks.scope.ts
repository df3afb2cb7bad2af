/**
 * Who sees which unified task, and which of its rows (README "Access"). The platform sees every
 * task; a government the tasks whose region lies inside its own; a manufacturer or an operator the
 * tasks its drones are enrolled in, and inside them only the rows of its own drones.
 */
import { regionContains } from '@agrifleet/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import { type DataScope, regionRange } from '../../platform/auth/scope.ts';

/** Tasks (alias t) the scope sees. */
export function taskVisible(scope: DataScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'region': {
      const [lo, hi] = regionRange(scope.code);
      return sql<SqlBool>`t.region_code BETWEEN ${lo} AND ${hi}`;
    }
    case 'zz':
    case 'yy': {
      const col = sql.ref(scope.kind === 'zz' ? 'r.zz_account_id' : 'r.yy_account_id');
      return sql<SqlBool>`EXISTS (SELECT 1 FROM task_drones d JOIN drones r ON r.drone_id = d.drone_id
        WHERE d.tftz_id = t.tftz_id AND ${col} = ${scope.accountId})`;
    }
  }
}

/** Rows (task_sorties, task_daily, drones under `alias`) of a task the scope sees: an owner its own. */
export function ownRows(scope: DataScope, alias: string): Expression<SqlBool> {
  if (scope.kind === 'zz') return sql<SqlBool>`${sql.ref(`${alias}.zz_account_id`)} = ${scope.accountId}`;
  if (scope.kind === 'yy') return sql<SqlBool>`${sql.ref(`${alias}.yy_account_id`)} = ${scope.accountId}`;
  return sql<SqlBool>`true`;
}

/** Whether the scope may run (create, edit, enrol in) a task of `region`. */
export function mayRun(scope: DataScope, region: number): boolean {
  if (scope.kind === 'all') return true;
  return scope.kind === 'region' && scope.code > 0 && regionContains(scope.code, region);
}
