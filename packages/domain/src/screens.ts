/**
 * Every routed screen of the spec (000 §2, 001 §2, 002 §2): its route name and path.
 * The web router registers exactly these; the server's access guard names them.
 */
export const SCREENS = {
  StatScreen: '/stat-screen',
  StatOverview: '/stat/overview',
  MonitorView: '/monitor_manage/monitor',
  UnifiedTaskList: '/business_manage/unified-task-list',
  UnifiedTaskDroneList: '/business_manage/unified-task-list/:id/drone-list',
  UnifiedTaskChart: '/business_manage/unified-task-list/:id/chart',
  SubsidyList: '/business_manage/subsidy-list',
  RtkList: '/business_manage/rtk-list',
  BlockList: '/business_manage/block-list',
  /** The implied block detail (sorties, sprayed share, coverage); granted exactly where BlockList is. */
  BlockDetail: '/business_manage/block-list/:blockId',
  /** The implied group working-route planning of a block (001 §2); granted where BlockList is. */
  RoutePlanning: '/business_manage/block-list/:blockId/route',
  GroupControl: '/business_manage/group-control',
  FlightControl: '/business_manage/flight-control',
  DroneList: '/business_manage/drone-list',
  /** The implied drone detail (001 §2); granted exactly where DroneList is, never in the menu. */
  DroneDetail: '/business_manage/drone-list/:droneId',
  DroneModelList: '/business_manage/drone-model-list',
  Tools: '/business_manage/tools',
  AppLog: '/business_manage/app-log',
  FirmwareManage: '/business_manage/firmware-list',
  GroundStationConfig: '/business_manage/ground-station-config',
  PartWhiteList: '/business_manage/accessory-white-list',
  NoFlyZoneList: '/business_manage/no-fly-zone-list',
  AccountList: '/institution_manage/account-list',
  AccountApplyList: '/institution_manage/account-apply-list',
  UserApplyList: '/institution_manage/user-apply-list',
  SubCompanyList: '/institution_manage/sub-company-list',
  AccountDetail: '/institution_manage/account-detail',
  SystemLogList: '/institution_manage/system-log-list',
  MemberList: '/institution_manage/member-list',
  OrderList: '/institution_manage/order-list',
  InvoiceList: '/institution_manage/invoice-list',
  TeamList: '/institution_manage/team-list',
  BulletinList: '/bulletin_manage/bulletin-list',
  BulletinCreate: '/bulletin_manage/bulletin-create',
  DataStatList: '/data_stat_manage/data-stat-list',
  DroneStatistics: '/data_stat_manage/data-stat-list/~/drone-statistics',
  LeaseDataStat: '/leasing_business/lease-data-stat',
  ClientList: '/leasing_business/client-list',
  ClientDataView: '/leasing_business/client-list/:id/chart',
  LeaseList: '/leasing_business/lease-list',
  BillList: '/leasing_business/bill-list',
  WorkRecordList: '/leasing_business/work-record',
  OperatorDataStat: '/leasing_business/operator-data-stat',
  BasicPriceList: '/leasing_business/basic-price-list',
} as const;

export type Screen = keyof typeof SCREENS;
export const ALL_SCREENS = Object.keys(SCREENS) as Screen[];

/** Screens drawn without the main layout. */
export const FULL_SCREEN: readonly Screen[] = ['StatScreen', 'StatOverview'];

export const PUBLIC_PATHS = {
  login: '/login',
  register: '/register',
  retrievePassword: '/retrieve-password',
  /** The page a sandbox recharge QR code opens (leasing; the payer need not be signed in). */
  sandboxPay: '/pay/sandbox/:outTradeNo',
} as const;
export const REDIRECT_TO_ACCOUNT = '/redirect_to_account';

/** Parameters in these paths are digits only. */
export const DIGIT_PARAM = /^\d+$/;

/** Builds a path from a pattern; a missing parameter is an error, as in 000 §8. */
export function buildPath(screen: Screen, params: Record<string, string | number> = {}): string {
  return SCREENS[screen].replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`Insufficient URI parameters: ${key}`);
    return encodeURIComponent(String(value));
  });
}
