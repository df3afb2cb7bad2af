/**
 * The sandbox payment page's calls (public: the payer need not be signed in). One page serves both
 * payments the sandbox takes: leasing recharges ('LR…', /api/rental/pay/sandbox) and service-fee
 * orders ('OR…', /api/user/order/sandbox); the trade number says which.
 */
import { ORDER_SANDBOX_PATH, PAY_PATHS, type SandboxInfo } from '@agrifleet/domain';
import { http } from '../../api/http.ts';

const rel = (path: string) => path.replace(/^\/api\//, '');
const base = (outTradeNo: string) =>
  `${rel(outTradeNo.startsWith('OR') ? ORDER_SANDBOX_PATH : PAY_PATHS.sandbox)}/${encodeURIComponent(outTradeNo)}`;

export const sandboxApi = {
  info: (outTradeNo: string, sig: string) =>
    http.get<SandboxInfo>(base(outTradeNo), { sig }, { public: true }),
  pay: (outTradeNo: string, sig: string) =>
    http.post<SandboxInfo & { outcome: string }>(base(outTradeNo), { sig }, { public: true }),
};
