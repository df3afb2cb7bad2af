/** What each demo role's home page is and its menu must and must not show in zh (000 §2, §6), checked by the walk (walk.e2e.ts). */
export interface RoleMenu {
  phone: string;
  role: string;
  home: RegExp;
  has: string[];
  lacks: string[];
}

export const MENUS: readonly RoleMenu[] = [
  {
    phone: '13800000001',
    role: 'platform',
    home: /\/stat-screen$/,
    has: [
      '总览',
      '实时监控',
      '账号管理',
      '账号审核',
      '用户审核',
      '工具',
      '固件管理',
      '地面站配置',
      '配件白名单',
      '发布公告',
    ],
    lacks: ['客户管理', '团队管理', '租赁业务'],
  },
  {
    phone: '13800000002',
    role: 'government',
    home: /\/monitor_manage\/monitor$/,
    has: ['实时监控', '补贴管理', '统一任务', '公告列表', '发布公告', '成员管理'],
    lacks: ['账号管理', 'RTK管理', '机型管理', '固件管理', '租赁业务'],
  },
  {
    phone: '13800000003',
    role: 'manufacturer with sub-accounts and leasing',
    home: /\/monitor_manage\/monitor$/,
    has: [
      'RTK管理',
      '订单管理',
      '发票管理',
      '机型管理',
      '飞控分配',
      '子公司',
      '固件管理',
      '配件白名单',
      '客户管理',
      '租赁管理',
      '每日底价',
      '员工管理',
    ],
    lacks: ['账号管理', '团队管理', '运营数据统计', '发布公告'],
  },
  {
    phone: '13800000004',
    role: 'manufacturer',
    home: /\/monitor_manage\/monitor$/,
    has: ['RTK管理', '机型管理', '固件管理'],
    lacks: ['客户管理', '飞控分配', '子公司', '配件白名单', '租赁业务'],
  },
  {
    phone: '13800000005',
    role: 'operator, leasing tenant',
    home: /\/monitor_manage\/monitor$/,
    has: ['团队管理', '运营数据统计', '账单（充值）管理', '作业记录', '员工管理'],
    lacks: ['RTK管理', '补贴管理', '客户管理', '机型管理'],
  },
  {
    phone: '13800000006',
    role: 'operator',
    home: /\/monitor_manage\/monitor$/,
    has: ['团队管理', '实时监控'],
    lacks: ['运营数据统计', '租赁业务'],
  },
  {
    phone: '13800000007',
    role: 'personal operator',
    home: /\/monitor_manage\/monitor$/,
    has: ['实时监控', '无人机管理'],
    lacks: ['团队管理', '员工管理', '成员管理'],
  },
  {
    phone: '13800000008',
    role: 'lease manager',
    home: /\/leasing_business\/lease-list$/,
    has: ['客户管理', '租赁管理', '账单（充值）管理', '作业记录'],
    lacks: ['实时监控', '总览', '无人机管理', '每日底价'],
  },
  {
    phone: '13800000009',
    role: 'staff',
    home: /\/stat-screen$/,
    has: ['总览', '实时监控', '统计列表', '作业统计', '固件管理'],
    lacks: ['账号管理', '无人机管理', '机型管理', '租赁业务'],
  },
];
