/** Team calls (packages/domain contracts/teams.ts) through the one http client. */
import {
  TEAM_LEADER_PATH,
  TEAM_LIST_PATH,
  TEAM_MEMBERS_PATH,
  TEAM_NAME_PATH,
  TEAM_PATH,
  TEAM_SELECTABLE_PATH,
  type TeamMember,
  type TeamRow,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';
import type { PageResult } from '../../list/types.ts';

const rel = (path: string) => path.replace(/^\/api\//, '');

export const teamsApi = {
  list: (signal?: AbortSignal) => http.get<TeamRow[]>(rel(TEAM_LIST_PATH), undefined, { signal }),
  /** The account's teams as one page, for the list pattern (the call is not paged). */
  page: async (
    _query: Record<string, string | number>,
    signal?: AbortSignal,
  ): Promise<PageResult<TeamRow>> => {
    const records = await teamsApi.list(signal);
    return { records, total: records.length, current: 1, size: Math.max(records.length, 1) };
  },
  create: (groupName: string) => http.post<{ groupId: number }>(rel(TEAM_PATH), { groupName }),
  rename: (groupId: number, groupName: string) => http.put<null>(rel(TEAM_NAME_PATH), { groupId, groupName }),
  remove: (groupId: number) => http.del<null>(`${rel(TEAM_PATH)}/${groupId}`),
  members: (groupId: number) => http.get<TeamMember[]>(`${rel(TEAM_MEMBERS_PATH)}/${groupId}`),
  selectable: (groupId: number) => http.get<TeamMember[]>(`${rel(TEAM_SELECTABLE_PATH)}/${groupId}`),
  add: (groupId: number, userIds: number[]) => http.post<null>(rel(TEAM_MEMBERS_PATH), { groupId, userIds }),
  removeMember: (groupId: number, userId: number) => http.del<null>(`${rel(TEAM_PATH)}/${groupId}/${userId}`),
  setLeader: (groupId: number, leaderUserId: number | null) =>
    http.put<null>(rel(TEAM_LEADER_PATH), { groupId, leaderUserId }),
};
