/** Kysely table types, kept beside the migrations that create them. */

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { AccountAdminTables } from './schema.accounts.ts';
import type { ApprovalTables } from './schema.approvals.ts';
import type { BlockTables } from './schema.blocks.ts';
import type { BulletinTables } from './schema.bulletins.ts';
import type { CommandsTables } from './schema.commands.ts';
import type { DroneRegistryTables } from './schema.drones.ts';
import type { FirmwareTables } from './schema.firmware.ts';
import type { LeasingTables } from './schema.leasing.ts';
import type { LookupTables } from './schema.lookups.ts';
import type { MemberTables } from './schema.members.ts';
import type { NoflyTables } from './schema.nofly.ts';
import type { OrderTables } from './schema.orders.ts';
import type { RtkTables } from './schema.rtk.ts';
import type { StatsTables } from './schema.stats.ts';
import type { SubsidyTables } from './schema.subsidies.ts';
import type { UnifiedTaskTables } from './schema.unifiedTasks.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface AccountsTable {
  id: Generated<number>;
  account_type: number;
  account_name: string;
  check_status: Generated<number>;
  tag: number | null;
  vip_level: Generated<number>;
  account_catalog_level: Generated<number>;
  can_create_sub: Generated<boolean>;
  rule_province: number | null;
  rule_city: number | null;
  rule_county: number | null;
  lease_model: number | null;
  operator_type: string | null;
  parent_id: number | null;
  logo_url: string | null;
  busi_license_url: string | null;
  credit_code: string | null;
  legal: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  contact_address: string | null;
  email: string | null;
  province: string | null;
  city: string | null;
  county: string | null;
  custom_domain: string | null;
  enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  account_id: number;
  user_type: number;
  user_name: string;
  phone_country: string | null;
  phone: string | null;
  email: string | null;
  password_hash: string;
  avatar_url: string | null;
  enabled: Generated<boolean>;
  team_type: number | null;
  last_login_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountAppliesTable {
  id: Generated<number>;
  account_id: number;
  user_id: number | null;
  apply_type: number;
  apply_status: Generated<number>;
  payload: Json;
  reviewer_id: number | null;
  reviewed_at: Date | null;
  /** The reviewer's reason (0022; required when rejecting). */
  reason: Generated<string | null>;
  /** The applicant's language for the decision's message (0022; null = zh). */
  lang: Generated<string | null>;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  refresh_hash: string;
  expires_at: Date;
  refresh_expires_at: Date;
  remember: Generated<boolean>;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

/** A rotated-out refresh token of a session (its family), kept to recognise a replay. */
export interface SessionRefreshUsedTable {
  refresh_hash: string;
  session_id: string;
  used_at: Timestamp;
}

export interface VerifyCodesTable {
  id: Generated<number>;
  target: string;
  code_type: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: Timestamp;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expires_at: Date;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  target: string;
  body: string;
  provider: string;
  status: string;
  error: string | null;
  created_at: Timestamp;
}

export interface UploadsTable {
  id: string;
  user_id: number | null;
  mime: string;
  size: number;
  sha256: string;
  /** 'image' (served by URL) or 'picture' (a drone's, served on a signed URL only). */
  kind: Generated<'image' | 'picture'>;
  created_at: Timestamp;
}

export interface LeaseClientsTable {
  id: Generated<number>;
  manufacturer_account_id: number;
  client_account_id: number;
  /** 0 debugging, 1 unactivated, 2 activated (002 §4). */
  active_status: Generated<number>;
  created_at: Timestamp;
  /** Prices and credit in minor units of `currency` (migration 0027). */
  mu_price_minor: ColumnType<number, number | undefined, number>;
  hour_price_minor: ColumnType<number, number | undefined, number>;
  currency: Generated<string>;
  credit_limit_minor: ColumnType<number, number | undefined, number>;
  sign: string | null;
  activated_at: Timestamp | null;
  created_by: number | null;
  updated_at: Timestamp;
}

export interface SystemLogsTable {
  id: Generated<number>;
  account_id: number | null;
  user_id: number | null;
  log_type: number;
  action: string;
  detail: Json;
  ip: string | null;
  created_at: Timestamp;
  /** Migration 0020_audit: names as they were, the route, target, HTTP status and the hash chain. */
  user_name: string | null;
  account_name: string | null;
  method: string | null;
  path: string | null;
  target: string | null;
  result: number | null;
  prev_hash: string | null;
  hash: string | null;
}

export interface DroneModelsTable {
  id: Generated<number>;
  model_name: string;
  zz_account_id: number;
  shape: 'single' | 'dual' | 'tri' | 'quad' | 'hexa' | 'octo' | 'other';
  power: 'electric' | 'oil' | 'hybrid';
  spray_width: number;
  tank_litres: number;
  created_at: Timestamp;
}

export interface DronesTable {
  drone_id: string;
  drone_name: string;
  model_id: number;
  zz_account_id: number;
  yy_account_id: number | null;
  activation_status: Generated<number>;
  spray_width: number;
  reg_mark: string | null;
  rack_no: string | null;
  buyer: string | null;
  sale_type: Generated<number>;
  device_type: Generated<number>;
  rental_model: number | null;
  locked: Generated<boolean>;
  /** 'balance' when leasing locked it (migration 0027). */
  lock_reason: Generated<string | null>;
  region_code: number | null;
  created_at: Timestamp;
  last_time: Date | null;
  last_lng: number | null;
  last_lat: number | null;
  last_battery: number | null;
}

export interface AccountKeysTable {
  vid: string;
  account_id: number;
  secret_hash: string;
  secret_sealed: string;
  created_at: Timestamp;
  revoked_at: Date | null;
}

export interface SortiesTable {
  sortie_id: Generated<number>;
  drone_id: string;
  start_time: Date;
  end_time: Date;
  duration_s: number;
  distance_m: number;
  spray_distance_m: number;
  area_m2: number;
  area_mu: number;
  reported_area_m2: number | null;
  volume_l: number;
  spray_time_s: number;
  mode: string | null;
  crop_id: number | null;
  /** oper/worktypes id (telemetry/summary/workType.ts); null for sorties stored before 0036. */
  work_type: ColumnType<number | null, number | null | undefined, number | null>;
  pilot_id: number | null;
  max_height_m: number;
  battery_start: number;
  battery_end: number;
  point_count: number;
  lng: number;
  lat: number;
  country_code: number;
  province_code: number | null;
  city_code: number | null;
  county_code: number | null;
  zz_account_id: number;
  yy_account_id: number | null;
  model_id: number;
  end_reason: 'landed' | 'timeout' | 'split';
  simulated: Generated<boolean>;
  created_at: Timestamp;
  /** The block the spraying centre lies in (set with the rollups). */
  block_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SortieTracksTable {
  sortie_id: number;
  /** The sortie's drone: the distribution column (migration 0047). */
  drone_id: string;
  track: Uint8Array;
}

export interface TrackChunksTable {
  id: Generated<number>;
  drone_id: string;
  first_time: Date;
  last_time: Date;
  points: number;
  data: Uint8Array;
}

export interface DroneEventsTable {
  id: Generated<number>;
  drone_id: string;
  time: Date;
  type: string;
  detail: Generated<unknown>;
}

export interface NoflyZonesTable {
  id: Generated<number>;
  name: string;
  detail_address: string | null;
  /** 1 other department, 2 civil aviation (001 §4). */
  nofly_type: 1 | 2;
  shape: 'polygon' | 'circle';
  /** GeoJSON Polygon (shape 'polygon') or Point, the centre (shape 'circle'); written as a JSON string. */
  geometry: ColumnType<unknown, string, string>;
  radius_m: number | null;
  region_code: number | null;
  enabled: Generated<boolean>;
  created_by_account_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AnomaliesTable {
  id: Generated<number>;
  drone_id: string;
  /** 1 no-fly zone, 2 blowing, 3 wrong crops, 4 abnormal weather, 5 wrong acreage (001 §4). */
  odd_type: number;
  time: Date;
  end_time: Date | null;
  lng: number;
  lat: number;
  sortie_id: number | null;
  nofly_id: number | null;
  detail: Json;
  zz_account_id: number;
  yy_account_id: number | null;
  country_code: number | null;
  province_code: number | null;
  city_code: number | null;
  county_code: number | null;
  created_at: Timestamp;
}

export interface DronePicturesTable {
  id: Generated<number>;
  drone_id: string;
  time: Date;
  lng: number | null;
  lat: number | null;
  url: string;
  created_at: Timestamp;
}

export interface IngestJournalTable {
  id: Generated<number>;
  points: number;
  data: Uint8Array;
}

/** Every table: the fleet's here, the statistics' in schema.stats.ts. */
export interface Database
  extends StatsTables,
    CommandsTables,
    DroneRegistryTables,
    NoflyTables,
    RtkTables,
    LookupTables,
    SubsidyTables,
    UnifiedTaskTables,
    BlockTables,
    AccountAdminTables,
    ApprovalTables,
    MemberTables,
    BulletinTables,
    OrderTables,
    LeasingTables,
    FirmwareTables {
  accounts: AccountsTable;
  users: UsersTable;
  account_applies: AccountAppliesTable;
  sessions: SessionsTable;
  session_refresh_used: SessionRefreshUsedTable;
  verify_codes: VerifyCodesTable;
  captchas: CaptchasTable;
  outbox_messages: OutboxMessagesTable;
  uploads: UploadsTable;
  lease_clients: LeaseClientsTable;
  system_logs: SystemLogsTable;
  drone_models: DroneModelsTable;
  drones: DronesTable;
  account_keys: AccountKeysTable;
  sorties: SortiesTable;
  sortie_tracks: SortieTracksTable;
  track_chunks: TrackChunksTable;
  drone_events: DroneEventsTable;
  drone_pictures: DronePicturesTable;
  ingest_journal: IngestJournalTable;
  nofly_zones: NoflyZonesTable;
  anomalies: AnomaliesTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type UserRow = Selectable<UsersTable>;
