/** Kysely table types of block shares and group routes (migrations 0018_blocks, 0019_routes). */
import type { ColumnType, Generated } from 'kysely';
import type { BlockGeometry } from './schema.stats.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, T | string, T | string>;

export interface BlockSharesTable {
  block_id: number;
  user_id: number;
  shared_by: number | null;
  created_at: Timestamp;
}

export interface BlockRoutesTable {
  route_id: Generated<number>;
  /** NULL once the block was force-deleted (the route keeps its geometry). */
  block_id: number | null;
  owner_account_id: number;
  name: string | null;
  block_geometry: Json<BlockGeometry>;
  /** The request's planning parameters (RouteParams). */
  params: Json<Record<string, unknown>>;
  /** The RoutePlan (packages/domain planning/types.ts). */
  plan: Json<Record<string, unknown>>;
  created_by: number | null;
  created_at: Timestamp;
}

export interface BlockRouteDronesTable {
  route_id: number;
  idx: number;
  drone_id: string | null;
  /** 0 assigned .. 6 failed (contracts/routes.ts DRONE_PLAN_STATUSES). */
  drone_status: Generated<number>;
  progress: Generated<number>;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Timestamp;
}

export interface DroneFlightSettingsTable {
  drone_id: string;
  width: number | null;
  height: number | null;
  speed: number | null;
  command_id: number | null;
  updated_at: Timestamp;
}

export interface BlockTables {
  block_shares: BlockSharesTable;
  block_routes: BlockRoutesTable;
  block_route_drones: BlockRouteDronesTable;
  drone_flight_settings: DroneFlightSettingsTable;
}
