/**
 * The system log (001 §2 SystemLogList, §3 "System log filters: accountName, userName, startTime,
 * endTime, order, logType", §4 "System log type defaults to 1 and 2 together", §7 "GET system logs
 * (currentPage, pageSize, logType and filters)"). Rows are written by the server's audit hook
 * (apps/server/src/platform/audit.ts), never through this contract; the console only reads them.
 * See apps/server/src/modules/syslog/README.md and docs/api.md "System log (reading)".
 */
import { z } from 'zod';
import { millisParam, pageNumberParam, trimmedText } from './bounds.ts';
import { page } from './envelope.ts';

export const SYSLOG_LIST_PATH = '/api/user/log/list';

/** Log types: 1 sign-in and sign-out, 2 changes, 3 refused device access (a disabled account's key). */
export const SYSLOG_TYPES = [1, 2, 3] as const;
export type SyslogType = (typeof SYSLOG_TYPES)[number];
/** The list's default (001 §4): 1 and 2 together. */
export const SYSLOG_DEFAULT_TYPES: readonly SyslogType[] = [1, 2];
/** The list counts matching rows up to this many; beyond it `capped` is true and total is the cap. */
export const SYSLOG_COUNT_CAP = 10_000;
export const SYSLOG_MAX_PAGE_SIZE = 100;

/** logType as a comma list ("1,2") or repeated (?logType=1&logType=2); empty: the default 1 and 2. */
export const syslogTypesParam = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(','));
    const trimmed = parts.map((p) => p.trim()).filter((p) => p !== '');
    return trimmed.length ? trimmed : undefined;
  },
  z
    .array(z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])))
    .max(3)
    .optional()
    .transform((v) => (v?.length ? [...new Set(v)].sort() : [...SYSLOG_DEFAULT_TYPES]) as SyslogType[]),
);

export const syslogListQuery = z
  .object({
    currentPage: pageNumberParam.default(1),
    pageSize: pageNumberParam.max(SYSLOG_MAX_PAGE_SIZE).default(20),
    logType: syslogTypesParam,
    /** Part of the account's name (platform only; other accounts see their own log anyway). */
    accountName: trimmedText(100).optional(),
    /** Part of the acting user's name. */
    userName: trimmedText(100).optional(),
    startTime: millisParam.optional(),
    endTime: millisParam.optional(),
    /** 1 newest first (default, 001 §9), 2 oldest first. */
    order: z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2)]))
      .default(1),
  })
  // Paging stops at the counted rows: deeper than the cap, narrow the filters.
  .refine((q) => (q.currentPage - 1) * q.pageSize < SYSLOG_COUNT_CAP, {
    message: 'page beyond the counted rows',
    path: ['currentPage'],
  });
export type SyslogListQuery = z.infer<typeof syslogListQuery>;
export type SyslogListInput = z.input<typeof syslogListQuery>;

export const syslogRow = z.object({
  id: z.number().int(),
  /** When, ms. */
  time: z.number(),
  /** Names as they were when the row was written. */
  accountName: z.string().nullable(),
  userName: z.string().nullable(),
  logType: z.number().int(),
  /** "METHOD /api/pattern" (or a name for rows no request makes, e.g. a refused telemetry key). */
  action: z.string(),
  /** The short name of the action (AUDIT_ACTIONS), for its translation; null when unknown. */
  actionKey: z.string().nullable(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  /** The HTTP status the call was answered with (2xx done, else refused). */
  result: z.number().int().nullable(),
});
export type SyslogRow = z.infer<typeof syslogRow>;

export const syslogPage = page(syslogRow).extend({
  /** True when more than SYSLOG_COUNT_CAP rows match: total is then the cap ("10,000+"). */
  capped: z.boolean(),
});
export type SyslogPage = z.infer<typeof syslogPage>;

/**
 * The short name of every write call of the console ("METHOD /api/pattern" as the audit hook
 * writes it), used for its translation `syslog:action.<key>`. A test checks that every non-GET
 * /api route the app registers is here.
 */
export const AUDIT_ACTIONS: Record<string, string> = {
  'POST /api/rental/rental/addCustomer': 'leaseClientAdd',
  'POST /api/rental/rental/updateCustomer': 'leaseClientUpdate',
  'POST /api/rental/rental/activeCustomer': 'leaseClientActivate',
  'POST /api/rental/rental/addRental': 'leaseAdd',
  'POST /api/rental/rental/returnDrone': 'leaseReturn',
  'POST /api/rental/rental/cancelRental': 'leaseCancel',
  'POST /api/rental/rental/updateDroneRental': 'leaseUpdate',
  'POST /api/rental/rental/updateAccountRental': 'leaseUpdateClient',
  'POST /api/rental/rental/setAccountSign': 'leaseSign',
  'POST /api/rental/rental/getWxQrCode': 'leaseRechargeQr',
  'POST /api/rental/rental/adjustBalance': 'leaseAdjust',
  'POST /api/rental/basicPrice/set': 'basicPriceSet',
  'POST /api/rental/pay/sandbox/:outTradeNo': 'leaseSandboxPay',
  'DELETE /api/drone/block/manage': 'blockDelete',
  'DELETE /api/drone/block/manage/force/:id': 'blockForceDelete',
  'DELETE /api/drone/datastat/manage/delStat/:statId': 'statDelete',
  'DELETE /api/drone/model/manage/:id': 'modelDelete',
  'DELETE /api/drone/nofly/manage/:id': 'noflyDelete',
  'DELETE /api/user/account/:accountId': 'accountDelete',
  'DELETE /api/user/member/:userId': 'memberDelete',
  'DELETE /api/user/team/:groupId': 'teamDelete',
  'DELETE /api/user/team/:groupId/:userId': 'teamMemberRemove',
  'PATCH /api/drone/block/route/:droneId': 'routeDroneUpdate',
  'POST /api/drone/block/manage': 'blockCreate',
  'POST /api/drone/block/manage/share/:blockId': 'blockShare',
  'DELETE /api/drone/block/manage/share/:blockId/:userId': 'blockUnshare',
  'POST /api/drone/control/manage/command': 'droneCommand',
  'POST /api/drone/control/manage/plan': 'dronePlan',
  'POST /api/drone/control/manage/settings': 'droneSettings',
  'POST /api/drone/datastat/manage/startStat': 'statCreate',
  'POST /api/drone/datastat/manage/startStatWithChart': 'statCreateWithChart',
  'POST /api/drone/device/manage/owner': 'droneOwnerChange',
  'POST /api/drone/device/manage/rental': 'droneRental',
  'POST /api/drone/model/manage': 'modelCreate',
  'POST /api/drone/model/manage/idRange': 'modelIdRange',
  'POST /api/drone/nofly/manage': 'noflyCreate',
  'POST /api/drone/rtk/manage/renewal/btaddr': 'rtkRenewBtaddr',
  'POST /api/drone/rtk/manage/renewal/phone': 'rtkRenewPhone',
  'POST /api/user/account/create': 'accountCreate',
  'POST /api/user/account/info': 'accountInfoUpdate',
  'POST /api/user/account/rental': 'accountRental',
  'POST /api/user/account/subCompany': 'subCompanyCreate',
  'POST /api/user/account/subPlatform/subCompany': 'subPlatformCompanyCreate',
  'POST /api/user/baseaccount/loginOut': 'signOut',
  'POST /api/user/baseaccount/loginPd': 'signInPassword',
  'POST /api/user/baseaccount/loginSmS': 'signInSms',
  'POST /api/user/baseaccount/reg': 'register',
  'POST /api/user/bulletin/create': 'bulletinCreate',
  'POST /api/user/invoice/apply': 'invoiceApply',
  'POST /api/user/member': 'memberCreate',
  'POST /api/user/order/cancel/:orderSn': 'orderCancel',
  'POST /api/user/order/create': 'orderCreate',
  'POST /api/user/order/pay/:orderSn': 'orderPay',
  'POST /api/user/order/sandbox/:outTradeNo': 'orderSandboxPay',
  'POST /api/user/team': 'teamCreate',
  'POST /api/user/team/members': 'teamMembersAdd',
  'POST /api/user/upload': 'upload',
  'POST /api/user/user/apply': 'userApply',
  'PUT /api/drone/block/manage': 'blockUpdate',
  'PUT /api/drone/block/route': 'routeCreate',
  'PUT /api/drone/datastat/manage/updateStat': 'statUpdate',
  'PUT /api/drone/device/manage': 'droneUpdate',
  'PUT /api/drone/device/manage/deviceType/:id': 'droneDeviceType',
  'PUT /api/drone/device/manage/lock': 'droneLock',
  'PUT /api/drone/device/manage/sale/:id': 'droneSale',
  'PUT /api/drone/device/manage/sign/:id': 'droneSign',
  'PUT /api/drone/model/manage': 'modelUpdate',
  'PUT /api/drone/model/manage/merge': 'modelMerge',
  'PUT /api/drone/nofly/manage': 'noflyUpdate',
  'PUT /api/drone/nofly/manage/enable': 'noflyEnable',
  'PUT /api/drone/rtk/manage/allow/:devId': 'rtkAllow',
  'PUT /api/drone/rtk/manage/bind': 'rtkBind',
  'PUT /api/user/account/apply/status': 'applyDecide',
  'PUT /api/user/account/enable': 'accountEnable',
  'PUT /api/user/account/mergeManufacturer': 'manufacturerMerge',
  'PUT /api/user/account/secretKey': 'secretKeyCreate',
  'PUT /api/user/account/update': 'accountUpdate',
  'PUT /api/user/baseaccount/resetPassword': 'passwordReset',
  'PUT /api/user/bulletin/read': 'bulletinRead',
  'PUT /api/user/invoice/info': 'invoiceInfoUpdate',
  'PUT /api/user/invoice/status/:ticketId': 'invoiceStatus',
  'PUT /api/user/member': 'memberUpdate',
  'PUT /api/user/member/enable': 'memberEnable',
  'PUT /api/user/profile': 'profileUpdate',
  'PUT /api/user/team/leader': 'teamLeader',
  'PUT /api/user/team/name': 'teamRename',
  'PUT /api/user/user/apply/status': 'userApplyDecide',
  'POST /api/oper/medicines': 'medicineAdd',
  'PUT /api/oper/medicines/:medId': 'medicineUpdate',
  'POST /api/drone/tftz/manage': 'taskAdd',
  'PATCH /api/drone/tftz/manage/:tftzId': 'taskUpdate',
  'POST /api/drone/tftz/manage/:tftzId/drones': 'taskDronesAdd',
  'PUT /api/drone/tftz/manage/:tftzId/drones': 'taskDronesDates',
  'DELETE /api/drone/tftz/manage/:tftzId/drones': 'taskDronesRemove',
  'POST /api/drone/subsidy/manage/compute': 'subsidyCompute',
  'POST /api/drone/subsidy/manage/rates': 'subsidyRates',
  'DELETE /api/drone/subsidy/manage/:subsidyId': 'subsidyDelete',
  'POST /api/drone/subsidy/manage/:subsidyId/seal': 'subsidySeal',
  'POST /api/drone/subsidy/manage/:subsidyId/spot-check': 'subsidySpotDraw',
  'PUT /api/drone/subsidy/manage/:subsidyId/spot-check/:sortieId': 'subsidySpotResult',
  // Firmware tools (docs/api.md "Firmware"). genkey is a GET that registers a key: logged (its route says audit).
  'GET /api/firmware/genkey': 'firmwareKeyGenerate',
  'POST /api/firmware/revokekey': 'firmwareKeyRevoke',
  'POST /api/firmware/devicekey': 'firmwareDeviceKey',
  'POST /api/firmware/devicekey/private': 'firmwareDeviceKeyDownload',
  'POST /api/firmware/plain': 'firmwareUpload',
  'POST /api/device/deviceWhite': 'whitelistUpload',
  'DELETE /api/device/deviceWhite/:id': 'whitelistDelete',
  'DELETE /api/firmware/list/:fileName': 'firmwareDelete',
  'POST /api/firmware/encrypt': 'firmwareEncrypt',
  'POST /api/firmware/signrc': 'firmwareSignRc',
  'POST /api/firmware/dronekey': 'droneLogKeyAdd',
  'POST /api/firmware/dronekey/revoke': 'droneLogKeyRevoke',
  // Tools (docs/api.md "Tools"): one telemetry point sent with an account key.
  'POST /api/tools/telemetryTest': 'toolsTelemetryTest',
  // Ground-station configuration (docs/api.md "Ground station").
  'POST /api/groundStation/config': 'groundStationConfigSave',
};

/** Rows that no request writes (platform/audit.ts `audit.write`): their action is this name itself. */
export const AUDIT_NAMED_ACTIONS: readonly string[] = [
  'deviceKeyRefused',
  'login',
  'refreshTokenReuse',
  'leaseBalanceLock',
  'leaseBalanceUnlock',
  'leasePaymentRefused',
  'leasePaymentReceived',
  // Rows in a leasing client operator's own log (modules/leasing/clientLog.ts).
  'leaseClientAdded',
  'leaseClientConsented',
  'leaseDronesLeased',
  'leaseDroneReturned',
  'leaseCancelled',
  'leaseTermsChanged',
  'leaseBalanceAdjusted',
];

/** The short name of a logged action, or null when it is not known. */
export function auditActionKey(action: string): string | null {
  return AUDIT_ACTIONS[action] ?? (AUDIT_NAMED_ACTIONS.includes(action) ? action : null);
}
