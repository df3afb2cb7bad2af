/**
 * The page of each screen, loaded lazily. A screen not listed here is registered all the same and
 * shows the plain "not available yet" page until its issue builds it. Features add their line here.
 */
import type { Screen } from '@agrifleet/domain';
import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

export const PAGES: Partial<Record<Screen, () => Promise<PageModule>>> = {
  StatScreen: () => import('../features/stats/StatScreenPage.tsx'),
  StatOverview: () => import('../features/stats/StatOverviewPage.tsx'),
  MonitorView: () => import('../features/monitor/MonitorPage.tsx'),
  DroneStatistics: () => import('../features/stats/droneStatistics/DroneStatisticsPage.tsx'),
  DataStatList: () => import('../features/datastat/DataStatListPage.tsx'),
  DroneList: () => import('../features/drones/DroneListPage.tsx'),
  DroneDetail: () => import('../features/drones/DroneDetailPage.tsx'),
  DroneModelList: () => import('../features/models/DroneModelListPage.tsx'),
  NoFlyZoneList: () => import('../features/nofly/NoFlyZoneListPage.tsx'),
  RtkList: () => import('../features/rtk/RtkListPage.tsx'),
  AppLog: () => import('../features/applogs/AppLogPage.tsx'),
  SubsidyList: () => import('../features/subsidies/SubsidyListPage.tsx'),
  BlockList: () => import('../features/blocks/BlockListPage.tsx'),
  BlockDetail: () => import('../features/blocks/BlockDetailPage.tsx'),
  RoutePlanning: () => import('../features/control/RoutePlanningPage.tsx'),
  GroupControl: () => import('../features/control/GroupControlPage.tsx'),
  FlightControl: () => import('../features/control/FlightControlPage.tsx'),
  AccountList: () => import('../features/accounts/AccountListPage.tsx'),
  SubCompanyList: () => import('../features/accounts/SubCompanyListPage.tsx'),
  AccountDetail: () => import('../features/accounts/AccountDetailPage.tsx'),
  AccountApplyList: () => import('../features/approvals/AccountApplyListPage.tsx'),
  UserApplyList: () => import('../features/approvals/UserApplyListPage.tsx'),
  MemberList: () => import('../features/members/MemberListPage.tsx'),
  TeamList: () => import('../features/teams/TeamListPage.tsx'),
  SystemLogList: () => import('../features/syslog/SystemLogListPage.tsx'),
  BulletinList: () => import('../features/bulletins/BulletinListPage.tsx'),
  BulletinCreate: () => import('../features/bulletins/BulletinCreatePage.tsx'),
  OrderList: () => import('../features/orders/OrderListPage.tsx'),
  InvoiceList: () => import('../features/orders/InvoiceListPage.tsx'),
  ClientList: () => import('../features/leasing/clients/ClientListPage.tsx'),
  ClientDataView: () => import('../features/leasing/stats/ClientDataViewPage.tsx'),
  LeaseList: () => import('../features/leasing/leases/LeaseListPage.tsx'),
  BillList: () => import('../features/leasing/money/BillListPage.tsx'),
  WorkRecordList: () => import('../features/leasing/records/WorkRecordListPage.tsx'),
  BasicPriceList: () => import('../features/leasing/records/BasicPriceListPage.tsx'),
  LeaseDataStat: () => import('../features/leasing/stats/LeaseDataStatPage.tsx'),
  OperatorDataStat: () => import('../features/leasing/stats/OperatorDataStatPage.tsx'),
  UnifiedTaskList: () => import('../features/unifiedTasks/UnifiedTaskListPage.tsx'),
  UnifiedTaskDroneList: () => import('../features/unifiedTasks/UnifiedTaskDroneListPage.tsx'),
  UnifiedTaskChart: () => import('../features/unifiedTasks/UnifiedTaskChartPage.tsx'),
  Tools: () => import('../features/tools/ToolsPage.tsx'),
  GroundStationConfig: () => import('../features/groundstation/GroundStationConfigPage.tsx'),
  FirmwareManage: () => import('../features/firmware/FirmwareManagePage.tsx'),
  PartWhiteList: () => import('../features/whitelist/PartWhiteListPage.tsx'),
};
