/**
 * Teams in SQL. Every function takes the account the caller acts for: a team of another account is
 * not found. Members are users of the same account (removed members excluded); a user is in at
 * most one team (team_members.user_id is the key).
 */
import { maskPhone, type TeamMember, type TeamRow } from '@agrifleet/domain';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

const notRemoved = sql<SqlBool>`NOT EXISTS (SELECT 1 FROM member_removals mr WHERE mr.user_id = u.id)`;

/** The team's row, locked FOR UPDATE: membership and lead changes of one team queue up. */
const lockTeam = (trx: Db, groupId: number) =>
  trx.selectFrom('teams').select('id').where('id', '=', groupId).forUpdate().execute();

export function createTeamsRepo(db: Db) {
  const memberRows = (query: ReturnType<typeof usersOf>, leaderId: number | null): Promise<TeamMember[]> =>
    query
      .select(['u.id', 'u.user_name', 'u.phone', 'u.user_type', 'u.team_type', 'u.enabled'])
      .orderBy('u.id')
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          userId: r.id,
          userName: r.user_name,
          phone: r.phone ? maskPhone(r.phone) : null,
          userType: r.user_type,
          teamType: r.team_type,
          enabled: r.enabled,
          leader: r.id === leaderId,
        })),
      );
  const usersOf = (accountId: number) =>
    db.selectFrom('users as u').where('u.account_id', '=', accountId).where(notRemoved);

  return {
    async list(accountId: number): Promise<TeamRow[]> {
      const rows = await db
        .selectFrom('teams as t')
        .leftJoin('users as l', 'l.id', 't.leader_user_id')
        .select((eb) => [
          't.id',
          't.group_name',
          't.leader_user_id',
          'l.user_name as leader_name',
          't.created_at',
          eb
            .selectFrom('team_members as m')
            .select((e) => e.fn.countAll<string>().as('n'))
            .whereRef('m.team_id', '=', 't.id')
            .as('member_count'),
        ])
        .where('t.account_id', '=', accountId)
        .orderBy('t.id')
        .execute();
      return rows.map((r) => ({
        groupId: r.id,
        groupName: r.group_name,
        leaderUserId: r.leader_user_id,
        leaderName: r.leader_name ?? null,
        memberCount: Number(r.member_count ?? 0),
        createdAt: r.created_at.getTime(),
      }));
    },

    /** The team of the account; null when there is none. */
    find: (accountId: number, groupId: number) =>
      db
        .selectFrom('teams')
        .select(['id', 'leader_user_id', 'group_name'])
        .where('id', '=', groupId)
        .where('account_id', '=', accountId)
        .executeTakeFirst(),

    async create(accountId: number, groupName: string): Promise<number> {
      const r = await db
        .insertInto('teams')
        .values({ account_id: accountId, group_name: groupName })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    rename: (groupId: number, groupName: string) =>
      db
        .updateTable('teams')
        .set({ group_name: groupName, updated_at: new Date() })
        .where('id', '=', groupId)
        .execute(),

    remove: (groupId: number) => db.deleteFrom('teams').where('id', '=', groupId).execute(),

    members: (accountId: number, groupId: number, leaderId: number | null) =>
      memberRows(
        usersOf(accountId).where('u.id', 'in', (eb) =>
          eb.selectFrom('team_members').select('user_id').where('team_id', '=', groupId),
        ),
        leaderId,
      ),

    /** Users of the account in no team. */
    selectable: (accountId: number) =>
      memberRows(
        usersOf(accountId).where('u.id', 'not in', (eb) => eb.selectFrom('team_members').select('user_id')),
        null,
      ),

    /** Of these ids, the users of the account (not removed), with the team each is in. */
    async usersIn(accountId: number, userIds: number[]) {
      return usersOf(accountId)
        .leftJoin('team_members as m', 'm.user_id', 'u.id')
        .select(['u.id', 'u.user_name', 'm.team_id'])
        .where('u.id', 'in', userIds)
        .execute();
    },

    /**
     * Adds users to a team, all or none, under the team's row lock (lock order: teams, then
     * team_members). A user is in at most one team (team_members.user_id is the key): the names of
     * those found in another team, then or by a parallel call, come back and nothing is added.
     */
    async add(groupId: number, userIds: number[]): Promise<{ elsewhere: string[] }> {
      const rollback = new Error('in another team');
      let elsewhere: string[] = [];
      try {
        await db.transaction().execute(async (trx) => {
          await lockTeam(trx, groupId);
          await trx
            .insertInto('team_members')
            .values(userIds.map((user_id) => ({ user_id, team_id: groupId })))
            .onConflict((oc) => oc.column('user_id').doNothing())
            .execute();
          const others = await trx
            .selectFrom('team_members as m')
            .innerJoin('users as u', 'u.id', 'm.user_id')
            .select('u.user_name')
            .where('m.user_id', 'in', userIds)
            .where('m.team_id', '<>', groupId)
            .orderBy('u.id')
            .execute();
          elsewhere = others.map((o) => o.user_name);
          if (elsewhere.length) throw rollback;
        });
      } catch (err) {
        if (err !== rollback) throw err;
      }
      return { elsewhere };
    },

    /**
     * Sets (or clears) the team's leader, who must be a member: checked and written under the team's
     * row lock, which removeMember takes too, so a member leaving meanwhile is never made leader.
     * False when the user is not a member.
     */
    async setLeader(groupId: number, userId: number | null): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockTeam(trx, groupId);
        if (userId !== null) {
          const member = await trx
            .selectFrom('team_members')
            .select('user_id')
            .where('team_id', '=', groupId)
            .where('user_id', '=', userId)
            .executeTakeFirst();
          if (!member) return false;
        }
        await trx
          .updateTable('teams')
          .set({ leader_user_id: userId, updated_at: new Date() })
          .where('id', '=', groupId)
          .execute();
        return true;
      });
    },

    /** Takes a user out of a team (and from its lead); false when the user was not in it. */
    async removeMember(groupId: number, userId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockTeam(trx, groupId);
        const done = await trx
          .deleteFrom('team_members')
          .where('team_id', '=', groupId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        await trx
          .updateTable('teams')
          .set({ leader_user_id: null })
          .where('id', '=', groupId)
          .where('leader_user_id', '=', userId)
          .execute();
        return Number(done.numDeletedRows) === 1;
      });
    },
  };
}
export type TeamsRepo = ReturnType<typeof createTeamsRepo>;
