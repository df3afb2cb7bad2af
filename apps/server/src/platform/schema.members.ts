/** Kysely table types of migration 0023_members_teams (members and teams). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A removed member: the user row stays (its history keeps its keys), disabled, its phone and e-mail freed. */
export interface MemberRemovalsTable {
  user_id: number;
  account_id: number;
  phone_country: string | null;
  phone: string | null;
  email: string | null;
  removed_by: number | null;
  removed_at: Timestamp;
}

export interface TeamsTable {
  id: Generated<number>;
  account_id: number;
  group_name: string;
  leader_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One team per user: user_id is the key. */
export interface TeamMembersTable {
  user_id: number;
  team_id: number;
  added_at: Timestamp;
}

export interface MemberTables {
  member_removals: MemberRemovalsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
}
