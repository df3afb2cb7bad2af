/** Codes shared by server and web. Values are the spec's (000 §3, 001 §4, 002 §9). */

export const ACCOUNT_TYPES = [1, 2, 3, 4, 5] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const AccountType = { platform: 1, government: 2, manufacturer: 3, operator: 4, farmer: 5 } as const;

export const USER_TYPES = [1, 3, 4, 5, 6] as const;
export type UserType = (typeof USER_TYPES)[number];
export const UserType = {
  superAdmin: 1,
  staff: 3,
  enterpriseAdmin: 4,
  businessAdmin: 5,
  leaseManager: 6,
} as const;

/** checkStatus of an account: 2 means it passed review (same values as apply status). */
export const CheckStatus = { pending: 1, passed: 2, rejected: 3 } as const;
export type CheckStatus = (typeof CheckStatus)[keyof typeof CheckStatus];

export const ApplyType = { registration: 1, modification: 2 } as const;
export const ApplyStatus = { unaudited: 1, passed: 2, rejected: 3 } as const;

/** Rental (lease) models: 1 by area unit, 2 by time, 3 all, 5 shared leasing. */
export const LEASE_MODELS = [1, 2, 3, 5] as const;
export type LeaseModel = (typeof LEASE_MODELS)[number];

/** operatorType of a registered operator: '1' company (default), '2' personal operator. */
export const OperatorType = { company: '1', personal: '2' } as const;

/** codeType of a verification-code request: 1 sign-in, 2 register, 3 reset. */
export const CODE_TYPES = ['1', '2', '3'] as const;
export type CodeType = (typeof CODE_TYPES)[number];
export const CodeType = { login: '1', register: '2', reset: '3' } as const;

export const LANGUAGES = ['zh', 'en', 'zh-TW', 'th', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

export const AREA_UNITS = ['mu', 'acre', 'hectare', 'rai'] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];

/** Business constants of 000 §9. */
export const LIMITS = {
  codeCountdownSeconds: 60,
  codeLength: 4,
  codeTtlSeconds: 300,
  codeMaxAttempts: 5,
  passwordMin: 8,
  passwordMax: 16,
  httpTimeoutMs: 60_000,
  chunkLoadTimeoutMs: 120_000,
  idleBigScreenMs: 300_000,
  carouselSlideMs: 5_000,
  carouselFadeMs: 1_500,
  rememberPasswordDays: 7,
  defaultPageSize: 20,
  /** Most categories one chart shows at once (001 §9 "Max chart X range 20"). */
  maxChartXRange: 20,
  uploadMaxBytes: 5 * 1024 * 1024,
} as const;

/** Region code of China: ISO 3166 numeric x 1,000,000 (ARCHITECTURE contract rules). */
export const CHINA_REGION_CODE = 156_000_000;
export const CHINA_AREA_ID = 156;

export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  asideStatus: 'aside-status',
  language: 'language',
  areaUnit: 'areaUnit',
  rememberPassword: 'rememberPassword',
  bigScreen: 'bigScreen',
  BigScreen: 'BigScreen',
} as const;
