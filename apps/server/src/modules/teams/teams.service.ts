/**
 * Teams of the caller's account: list, create, rename, delete, members, leader, add and remove
 * members, selectable users. Every team call acts on the caller's own account: another account's
 * team is not found (404); users of another account cannot be added (400).
 */
import { ErrorCode, type TeamRow } from '@agrifleet/domain';
import { AppError, errors } from '../../platform/errors.ts';
import type { TeamsRepo } from './teams.repo.ts';

const notFound = () => new AppError(404, ErrorCode.notFound, 'teamNotFound');
const nameTaken = () => new AppError(409, ErrorCode.conflict, 'teamNameTaken');

const uniqueName = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw nameTaken();
    throw err;
  }
};

export function createTeamsService(repo: TeamsRepo) {
  async function team(accountId: number, groupId: number) {
    const t = await repo.find(accountId, groupId);
    if (!t) throw notFound();
    return t;
  }

  return {
    list: (accountId: number): Promise<TeamRow[]> => repo.list(accountId),

    create: (accountId: number, groupName: string) => uniqueName(() => repo.create(accountId, groupName)),

    async rename(accountId: number, groupId: number, groupName: string) {
      await team(accountId, groupId);
      await uniqueName(() => repo.rename(groupId, groupName));
    },

    async remove(accountId: number, groupId: number) {
      await team(accountId, groupId);
      await repo.remove(groupId);
    },

    async members(accountId: number, groupId: number) {
      const t = await team(accountId, groupId);
      return repo.members(accountId, groupId, t.leader_user_id);
    },

    async selectable(accountId: number, groupId: number) {
      await team(accountId, groupId);
      return repo.selectable(accountId);
    },

    async add(accountId: number, groupId: number, userIds: number[]) {
      await team(accountId, groupId);
      const ids = [...new Set(userIds)];
      const found = await repo.usersIn(accountId, ids);
      if (found.length !== ids.length) throw errors.badRequest('teamUsersInvalid');
      const elsewhere = found.filter((u) => u.team_id !== null && u.team_id !== groupId);
      if (elsewhere.length)
        throw new AppError(409, ErrorCode.conflict, 'teamUserInOtherTeam', {
          names: elsewhere.map((u) => u.user_name).join(', '),
        });
      // Checked again under the team's lock: a parallel call may have put a user in another team.
      const { elsewhere: late } = await repo.add(groupId, ids);
      if (late.length)
        throw new AppError(409, ErrorCode.conflict, 'teamUserInOtherTeam', { names: late.join(', ') });
    },

    async setLeader(accountId: number, groupId: number, userId: number | null) {
      await team(accountId, groupId);
      if (!(await repo.setLeader(groupId, userId))) throw errors.badRequest('teamLeaderNotMember');
    },

    async removeMember(accountId: number, groupId: number, userId: number) {
      await team(accountId, groupId);
      if (!(await repo.removeMember(groupId, userId)))
        throw new AppError(404, ErrorCode.notFound, 'teamMemberNotFound');
    },
  };
}
export type TeamsService = ReturnType<typeof createTeamsService>;
