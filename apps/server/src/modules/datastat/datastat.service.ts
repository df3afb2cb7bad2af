/**
 * Data statistics (001 §7): stat items of the caller's account (create, list, read, update,
 * delete), their figures in the caller's data scope, and the overview. Rules across settings are
 * the domain's (statSettingsProblems); the region must be one the region tree knows.
 */
import {
  type AreaUnit,
  convertArea,
  DATASTAT_MAX_DAYS,
  DATASTAT_MAX_ITEMS,
  type DatastatFigures,
  type DatastatOverview,
  ErrorCode,
  type Language,
  type StatDetail,
  type StatItem,
  type StatPeriod,
  type StatSettings,
  type StatSettingsProblem,
  statSettingsProblems,
} from '@agrifleet/domain';
import type { DataScope } from '../../platform/auth/scope.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { MessageKey } from '../../platform/messages.ts';
import { findRegion } from '../regions/regions.service.ts';
import { periodSpan } from '../stats/calendar.ts';
import { type StatsRepo, scopeKey } from '../stats/stats.repo.ts';
import type { DetailBuilder } from './datastat.detail.ts';
import type { DatastatRepo } from './datastat.repo.ts';

/** The acting account and user, their data scope and language. */
export interface Actor {
  accountId: number;
  userId: number;
  scope: DataScope;
  lang: Language;
}

export interface DatastatDeps {
  repo: DatastatRepo;
  detail: DetailBuilder;
  /** The scoped rollups the overview's headline figures read. */
  stats: Pick<StatsRepo, 'totals' | 'active'>;
  timeZone: string;
  now?: () => number;
}

const PROBLEM_KEYS: Record<StatSettingsProblem, MessageKey> = {
  periodRange: 'datastatPeriodRange',
  dayRange: 'datastatDayRange',
  droneRange: 'datastatDroneRange',
  dimensionIsX: 'datastatDimensionIsX',
  pieDimension: 'datastatPieDimension',
};

/** 400 with the first broken rule's message. */
function check(s: StatSettings) {
  const [first] = statSettingsProblems(s);
  if (first) throw errors.badRequest(PROBLEM_KEYS[first.problem], { days: DATASTAT_MAX_DAYS });
  if (s.region != null && !findRegion(s.region))
    throw errors.badRequest('datastatRegionUnknown', { region: s.region });
}

/** The settings part of an item (what a detail echoes). */
function settingsOf(item: StatItem): StatDetail['settings'] {
  const { statId: _id, userId: _u, userName: _n, createdAt: _c, updatedAt: _m, ...settings } = item;
  return settings;
}

/** Settings as they would be stored, for a detail that is not stored. */
function adhoc(s: StatSettings): StatDetail['settings'] {
  const custom = s.periodType === 1;
  return {
    name: s.name,
    periodType: s.periodType,
    startTime: custom ? (s.startTime ?? null) : null,
    endTime: custom ? (s.endTime ?? null) : null,
    region: s.region ?? null,
    tftzType: s.tftzType ?? null,
    cropId: s.cropId ?? null,
    medId: s.medId ?? null,
    zzAccountId: s.zzAccountId ?? null,
    yyAccountId: s.yyAccountId ?? null,
    startDroneId: s.startDroneId || null,
    endDroneId: s.endDroneId || null,
    flyModelId: s.flyModelId ?? null,
    taskIds: s.taskIds?.length ? s.taskIds : null,
    oprId: s.oprId ?? null,
    areaUnit: s.areaUnit,
    showType: s.showType,
    refreshFre: s.refreshFre,
    x: s.x,
    y: s.y,
    dimension: s.dimension ?? null,
    summary: s.summary,
  };
}

/** Stored settings back as settings to compute. */
const asSettings = (item: StatItem): StatSettings => settingsOf(item);

export function createDatastatService(deps: DatastatDeps) {
  const { repo, detail } = deps;
  const now = deps.now ?? Date.now;
  const found = (item: StatItem | null) => {
    if (!item) throw errors.notFound();
    return item;
  };

  async function create(a: Actor, s: StatSettings): Promise<StatItem> {
    check(s);
    const item = await repo.insert(a.accountId, a.userId, s, DATASTAT_MAX_ITEMS);
    if (!item) throw new AppError(409, ErrorCode.conflict, 'datastatTooMany', { max: DATASTAT_MAX_ITEMS });
    return item;
  }

  async function figures(scope: DataScope, period: StatPeriod, unit: AreaUnit): Promise<DatastatFigures> {
    const span = periodSpan(period, now(), deps.timeZone);
    const key = scopeKey(scope);
    const [t, activeDrones] = await Promise.all([
      deps.stats.totals(key, span.from, span.to),
      deps.stats.active('stat_drone', key, span),
    ]);
    return {
      sorties: t.sorties,
      area: convertArea(t.area, unit),
      volume: t.volume,
      flightTime: t.duration,
      activeDrones,
    };
  }

  return {
    list: (a: Actor, q: { currentPage: number; pageSize: number; name?: string }) =>
      repo.page(a.accountId, q),

    create,

    async update(a: Actor, statId: number, s: StatSettings): Promise<StatItem> {
      check(s);
      return found(await repo.update(a.accountId, statId, s));
    },

    async remove(a: Actor, statId: number): Promise<void> {
      if (!(await repo.remove(a.accountId, statId))) throw errors.notFound();
    },

    /** A stored item's figures, computed now. */
    async detail(a: Actor, statId: number): Promise<StatDetail> {
      const item = found(await repo.find(a.accountId, statId));
      const figures = await detail.build(a.scope, asSettings(item), item.statId, a.lang);
      return { ...figures, settings: settingsOf(item) };
    },

    /** Stores the settings (unless save is false) and answers their figures at once. */
    async createWithChart(a: Actor, s: StatSettings, save: boolean): Promise<StatDetail> {
      if (save && !s.name) throw errors.badRequest('datastatNameRequired');
      check(s);
      if (!save) return { ...(await detail.build(a.scope, s, null, a.lang)), settings: adhoc(s) };
      const item = await create(a, s);
      const figures = await detail.build(a.scope, asSettings(item), item.statId, a.lang);
      return { ...figures, settings: settingsOf(item) };
    },

    async overview(a: Actor, unit: AreaUnit): Promise<DatastatOverview> {
      const [items, today, thisMonth, thisYear, all] = await Promise.all([
        repo.summary(a.accountId),
        figures(a.scope, 'today', unit),
        figures(a.scope, 'thisMonth', unit),
        figures(a.scope, 'thisYear', unit),
        figures(a.scope, 'all', unit),
      ]);
      return { ...items, areaUnit: unit, today, thisMonth, thisYear, all };
    },
  };
}

export type DatastatService = ReturnType<typeof createDatastatService>;
