/** Server messages of leasing (money), in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const LEASING_MONEY_MESSAGES = {
  leaseRechargeInactive: {
    zh: '该客户未激活，不能充值',
    en: 'This client is not activated: it cannot be recharged',
    'zh-TW': '該客戶未啟用，不能儲值',
    th: 'ลูกค้ารายนี้ยังไม่เปิดใช้งาน จึงเติมเงินไม่ได้',
    ko: '이 고객은 활성화되지 않아 충전할 수 없습니다',
  },
  leaseRechargeCurrency: {
    zh: '此支付方式仅支持 {currencies}',
    en: 'This payment method takes {currencies} only',
    'zh-TW': '此支付方式僅支援 {currencies}',
    th: 'วิธีชำระเงินนี้รับเฉพาะ {currencies}',
    ko: '이 결제 수단은 {currencies}만 받습니다',
  },
  leaseAmountDigits: {
    zh: '金额无效：{currency} 最多 {digits} 位小数，且不能为 0',
    en: 'Invalid amount: {currency} takes at most {digits} decimals, and not 0',
    'zh-TW': '金額無效：{currency} 最多 {digits} 位小數，且不能為 0',
    th: 'จำนวนเงินไม่ถูกต้อง: {currency} มีทศนิยมได้ไม่เกิน {digits} ตำแหน่ง และต้องไม่เป็น 0',
    ko: '잘못된 금액: {currency}은(는) 소수점 {digits}자리까지이며 0일 수 없습니다',
  },
  leasePaymentProviderDown: {
    zh: '支付服务暂时不可用，请稍后再试',
    en: 'The payment service is not available at the moment: try again later',
    'zh-TW': '支付服務暫時無法使用，請稍後再試',
    th: 'บริการชำระเงินไม่พร้อมใช้งานในขณะนี้ โปรดลองอีกครั้งภายหลัง',
    ko: '결제 서비스를 지금 사용할 수 없습니다. 잠시 후 다시 시도하세요',
  },
} satisfies Record<string, Record<Language, string>>;
