/**
 * The console menu (000 §2 "Layout", "Menu entries seen in labels"; 001 §2; 002 §2) as ONE declarative
 * tree. An entry shows only if the domain access rules allow its screen (account type, user type, tag,
 * host, verification and account features); a group shows when any child shows. Both the side menu
 * and the horizontal menu of the alternative theme render the filtered tree.
 */

import {
  type AccessSubject,
  AccountType,
  canAccessScreen,
  type Language,
  SCREENS,
  type Screen,
} from '@agrifleet/domain';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BlockOutlined,
  BuildOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FundOutlined,
  FundProjectionScreenOutlined,
  GiftOutlined,
  IdcardOutlined,
  LineChartOutlined,
  LogoutOutlined,
  NotificationOutlined,
  PieChartOutlined,
  ProfileOutlined,
  RocketOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  StopOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  UserSwitchOutlined,
  WalletOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';

export type MenuIcon = ComponentType;
export type MenuAction = 'settings' | 'signOut';

/** A label: a key of the shell namespace, or one chosen by the subject. */
type Label = string | ((s: AccessSubject) => string);

export interface ScreenEntry {
  kind: 'screen';
  screen: Screen;
  label: Label;
  icon: MenuIcon;
  /** Shown only in these languages (the data-overview entry: Thai only). */
  languages?: readonly Language[];
}
export interface ActionEntry {
  kind: 'action';
  action: MenuAction;
  label: Label;
  icon: MenuIcon;
}
export interface MenuGroup {
  kind: 'group';
  key: string;
  label: Label;
  icon: MenuIcon;
  children: ScreenEntry[];
}
export type MenuNode = ScreenEntry | ActionEntry | MenuGroup;

const screen = (s: Screen, label: Label, icon: MenuIcon, languages?: readonly Language[]): ScreenEntry => ({
  kind: 'screen',
  screen: s,
  label,
  icon,
  ...(languages ? { languages } : {}),
});
const group = (key: string, icon: MenuIcon, children: ScreenEntry[]): MenuGroup => ({
  kind: 'group',
  key,
  label: `menu.${key}`,
  icon,
  children,
});

/** Platform and government accounts have "members"; companies and operators call them "staffs". */
const membersLabel = (s: AccessSubject) =>
  s.accountType === AccountType.platform || s.accountType === AccountType.government
    ? 'menu.members'
    : 'menu.staffs';

/** Translation key (with namespace) of a screen's title for this subject: members follow the menu. */
export function screenTitleKey(screen: Screen, subject: AccessSubject | null): string {
  if (screen === 'MemberList' && subject) return `shell:${membersLabel(subject)}`;
  return `common:screen.${screen}`;
}

export const MENU: readonly MenuNode[] = [
  screen('StatScreen', 'menu.overview', DashboardOutlined),
  screen('MonitorView', 'menu.monitor', WifiOutlined),
  group('dataStat', BarChartOutlined, [
    screen('DataStatList', 'menu.dataStatList', PieChartOutlined),
    screen('DroneStatistics', 'menu.workingStatistics', LineChartOutlined),
  ]),
  screen('StatOverview', 'menu.dataScreen', FundProjectionScreenOutlined, ['th']),
  group('business', AppstoreOutlined, [
    screen('UnifiedTaskList', 'menu.unifiedTasks', ScheduleOutlined),
    screen('SubsidyList', 'menu.subsidies', GiftOutlined),
    screen('DroneModelList', 'menu.models', BuildOutlined),
    screen('NoFlyZoneList', 'menu.noFlyZones', StopOutlined),
    screen('DroneList', 'menu.drones', RocketOutlined),
    screen('BlockList', 'menu.fieldManagement', BlockOutlined),
    screen('GroupControl', 'menu.swarmControl', ClusterOutlined),
    screen('FlightControl', 'menu.fcuAssignment', ControlOutlined),
    screen('RtkList', 'menu.rtk', EnvironmentOutlined),
    screen('Tools', 'menu.tools', ToolOutlined),
    screen('AppLog', 'menu.groundStationLog', FileSearchOutlined),
    screen('FirmwareManage', 'menu.firmwareManagement', CloudUploadOutlined),
    screen('GroundStationConfig', 'menu.groundStationConfig', SettingOutlined),
    screen('PartWhiteList', 'menu.accessoryWhitelist', SafetyCertificateOutlined),
  ]),
  group('organization', ApartmentOutlined, [
    screen('AccountDetail', 'menu.accountDetail', IdcardOutlined),
    screen('AccountList', 'menu.accounts', UserSwitchOutlined),
    screen('AccountApplyList', 'menu.accountAudit', AuditOutlined),
    screen('UserApplyList', 'menu.userAudit', SolutionOutlined),
    screen('MemberList', membersLabel, UserOutlined),
    screen('TeamList', 'menu.teams', TeamOutlined),
    screen('SystemLogList', 'menu.systemLog', FileTextOutlined),
    screen('SubCompanyList', 'menu.subCompany', ApartmentOutlined),
    screen('OrderList', 'menu.orders', ShoppingCartOutlined),
    screen('InvoiceList', 'menu.invoices', FileDoneOutlined),
  ]),
  group('announcements', NotificationOutlined, [
    screen('BulletinList', 'menu.bulletinList', ProfileOutlined),
    screen('BulletinCreate', 'menu.sendAnnouncement', SendOutlined),
  ]),
  group('leasing', DatabaseOutlined, [
    screen('LeaseDataStat', 'menu.leaseDataStat', FundOutlined),
    screen('ClientList', 'menu.clientManagement', TeamOutlined),
    screen('LeaseList', 'menu.leaseManagement', FileTextOutlined),
    screen('BillList', 'menu.billManagement', WalletOutlined),
    screen('WorkRecordList', 'menu.workRecordList', ProfileOutlined),
    screen('OperatorDataStat', 'menu.operatorDataStat', BarChartOutlined),
    screen('BasicPriceList', 'menu.dailyBaseFee', DollarOutlined),
  ]),
  { kind: 'action', action: 'settings', label: 'menu.settings', icon: SettingOutlined },
  { kind: 'action', action: 'signOut', label: 'menu.signOut', icon: LogoutOutlined },
];

/** A node of the filtered menu: labels resolved to shell keys, keys unique. */
export type VisibleItem =
  | { kind: 'screen'; key: Screen; screen: Screen; labelKey: string; icon: MenuIcon }
  | { kind: 'action'; key: MenuAction; action: MenuAction; labelKey: string; icon: MenuIcon }
  | { kind: 'group'; key: string; labelKey: string; icon: MenuIcon; children: VisibleItem[] };

export interface MenuContext {
  subject: AccessSubject;
  language: Language;
}

const labelOf = (label: Label, s: AccessSubject) => (typeof label === 'function' ? label(s) : label);

function visibleEntry(e: ScreenEntry, ctx: MenuContext): VisibleItem | null {
  if (e.languages && !e.languages.includes(ctx.language)) return null;
  if (!canAccessScreen(ctx.subject, e.screen)) return null;
  return {
    kind: 'screen',
    key: e.screen,
    screen: e.screen,
    labelKey: labelOf(e.label, ctx.subject),
    icon: e.icon,
  };
}

/** The menu this subject sees in this language. Pure: the unit tests call it for each demo role. */
export function visibleMenu(ctx: MenuContext, tree: readonly MenuNode[] = MENU): VisibleItem[] {
  const out: VisibleItem[] = [];
  for (const node of tree) {
    if (node.kind === 'screen') {
      const item = visibleEntry(node, ctx);
      if (item) out.push(item);
    } else if (node.kind === 'group') {
      const children = node.children
        .map((c) => visibleEntry(c, ctx))
        .filter((c): c is VisibleItem => c !== null);
      if (children.length > 0) {
        out.push({
          kind: 'group',
          key: node.key,
          labelKey: labelOf(node.label, ctx.subject),
          icon: node.icon,
          children,
        });
      }
    } else {
      out.push({
        kind: 'action',
        key: node.action,
        action: node.action,
        labelKey: labelOf(node.label, ctx.subject),
        icon: node.icon,
      });
    }
  }
  return out;
}

/** Every screen entry of a filtered menu, in order. */
export function menuScreens(items: readonly VisibleItem[]): Screen[] {
  return items.flatMap((i) =>
    i.kind === 'screen' ? [i.screen] : i.kind === 'group' ? menuScreens(i.children) : [],
  );
}

/** How well a screen's route matches a path: exact beats prefix, longer prefix beats shorter; 0 = no. */
export function matchScreenPath(screen: Screen, pathname: string): number {
  const pattern = SCREENS[screen];
  if (matchPath({ path: pattern, end: true }, pathname)) return 10_000 + pattern.length;
  if (matchPath({ path: pattern, end: false }, pathname)) return pattern.length;
  return 0;
}

/**
 * The menu selection for a path: the entry whose screen matches it exactly, else the entry whose path
 * is the longest prefix of it (a unified task's drones select "unified tasks"). Also the group to open.
 */
export function selectedMenu(
  items: readonly VisibleItem[],
  pathname: string,
): { selected: Screen | null; group: string | null } {
  let best: { selected: Screen; group: string | null; score: number } | null = null;
  const visit = (list: readonly VisibleItem[], groupKey: string | null) => {
    for (const item of list) {
      if (item.kind === 'group') visit(item.children, item.key);
      if (item.kind !== 'screen') continue;
      const score = matchScreenPath(item.screen, pathname);
      if (score > 0 && (!best || score > best.score))
        best = { selected: item.screen, group: groupKey, score };
    }
  };
  visit(items, null);
  const found = best as { selected: Screen; group: string | null } | null;
  return found ? { selected: found.selected, group: found.group } : { selected: null, group: null };
}
