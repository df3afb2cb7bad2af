/** The demo organisations and their sign-in details (listed in the README). */
export const DEMO_PASSWORD = 'agri2026';

export interface DemoAccount {
  key: string;
  accountType: 1 | 2 | 3 | 4;
  accountName: string;
  tag?: number;
  vipLevel?: number;
  canCreateSub?: boolean;
  leaseModel?: 1 | 2 | 3 | 5;
  operatorType?: '1' | '2';
  ruleProvince?: number;
  province?: string;
}

export interface DemoUser {
  role: string;
  account: string;
  userType: 1 | 3 | 4 | 5 | 6;
  userName: string;
  phone: string;
  email?: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { key: 'platform', accountType: 1, accountName: '全国农业机械化协会监管平台' },
  {
    key: 'government',
    accountType: 2,
    accountName: '江苏省农业农村厅',
    ruleProvince: 156320000,
    province: '江苏省',
  },
  {
    key: 'maker-a',
    accountType: 3,
    accountName: '极翼植保无人机有限公司',
    vipLevel: 1,
    canCreateSub: true,
    leaseModel: 1,
  },
  { key: 'maker-b', accountType: 3, accountName: '云禾航空科技有限公司' },
  { key: 'operator-a', accountType: 4, accountName: '丰收飞防服务合作社', operatorType: '1' },
  { key: 'operator-b', accountType: 4, accountName: '绿野植保服务队', operatorType: '1' },
  { key: 'personal', accountType: 4, accountName: '张伟', operatorType: '2' },
];

export const DEMO_USERS: DemoUser[] = [
  {
    role: 'platform super admin',
    account: 'platform',
    userType: 1,
    userName: '平台管理员',
    phone: '13800000001',
    email: 'admin@agrifleet.local',
  },
  { role: 'government', account: 'government', userType: 1, userName: '王建国', phone: '13800000002' },
  {
    role: 'manufacturer (sub-accounts, leasing)',
    account: 'maker-a',
    userType: 1,
    userName: '李明',
    phone: '13800000003',
  },
  { role: 'manufacturer', account: 'maker-b', userType: 1, userName: '陈静', phone: '13800000004' },
  {
    role: 'operator (leasing tenant)',
    account: 'operator-a',
    userType: 1,
    userName: '赵强',
    phone: '13800000005',
  },
  { role: 'operator', account: 'operator-b', userType: 1, userName: '孙丽', phone: '13800000006' },
  { role: 'personal operator', account: 'personal', userType: 1, userName: '张伟', phone: '13800000007' },
  { role: 'lease manager', account: 'maker-a', userType: 6, userName: '周婷', phone: '13800000008' },
  { role: 'staff', account: 'platform', userType: 3, userName: '吴磊', phone: '13800000009' },
];

/** operator-a rents drones from maker-a: it is a leasing tenant. */
export const DEMO_LEASES: Array<{ maker: string; client: string }> = [
  { maker: 'maker-a', client: 'operator-a' },
];
