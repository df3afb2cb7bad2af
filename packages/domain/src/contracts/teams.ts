/**
 * Teams (001 §2 TeamList, §3 "Team: groupId, groupName, leaderUserId, userIds", §7 "Teams";
 * 000 §2 teams hidden for personal operators). Family /api/user/team. A team belongs to one
 * account and holds users of that account only; a user is in at most one team (decided: a spraying
 * crew works as one unit; see apps/server/src/modules/teams/README.md). The leader is a member.
 */
import { z } from 'zod';
import { idParam, idSchema, trimmedText } from './bounds.ts';

export const TEAM_BASE = '/api/user/team';
/** GET the account's teams. */
export const TEAM_LIST_PATH = `${TEAM_BASE}/list`;
/** POST create; DELETE `${TEAM_PATH}/{groupId}` and `${TEAM_PATH}/{groupId}/{userId}`. */
export const TEAM_PATH = TEAM_BASE;
export const TEAM_NAME_PATH = `${TEAM_BASE}/name`;
/** GET `${TEAM_MEMBERS_PATH}/{teamId}`; POST add members { groupId, userIds }. */
export const TEAM_MEMBERS_PATH = `${TEAM_BASE}/members`;
export const TEAM_LEADER_PATH = `${TEAM_BASE}/leader`;
/** GET `${TEAM_SELECTABLE_PATH}/{groupId}`: users of the account in no team. */
export const TEAM_SELECTABLE_PATH = `${TEAM_BASE}/selectable`;

/** At most this many users are added in one call. */
export const TEAM_MAX_ADD = 200;

export const groupNameSchema = trimmedText(50).min(1);

export const teamRow = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  leaderUserId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
  memberCount: z.number().int(),
  createdAt: z.number(),
});
export type TeamRow = z.infer<typeof teamRow>;
export const teamList = z.array(teamRow);

export const teamMember = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /** Masked (001 §5). */
  phone: z.string().nullable(),
  userType: z.number().int(),
  teamType: z.number().int().nullable(),
  enabled: z.boolean(),
  leader: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;
export const teamMemberList = z.array(teamMember);

export const teamCreateBody = z.object({ groupName: groupNameSchema });
export const teamNameBody = z.object({ groupId: idSchema, groupName: groupNameSchema });
/** leaderUserId null clears the leader. */
export const teamLeaderBody = z.object({ groupId: idSchema, leaderUserId: idSchema.nullable() });
export const teamAddBody = z.object({
  groupId: idSchema,
  userIds: z.array(idSchema).min(1).max(TEAM_MAX_ADD),
});
export type TeamAddBody = z.infer<typeof teamAddBody>;
export const teamParams = z.object({ groupId: idParam });
export const teamIdParams = z.object({ teamId: idParam });
export const teamMemberParams = z.object({ groupId: idParam, userId: idParam });
export const teamCreated = z.object({ groupId: z.number().int() });
