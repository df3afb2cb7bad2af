/** Server messages of the orders module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const ORDER_MESSAGES = {
  orderNotFound: {
    zh: '订单不存在',
    en: 'Order not found',
    'zh-TW': '訂單不存在',
    th: 'ไม่พบคำสั่งซื้อ',
    ko: '주문을 찾을 수 없습니다',
  },
  orderDroneNotFound: {
    zh: '无人机 {droneId} 不存在或不属于本账户',
    en: 'Drone {droneId} does not exist or is not one of yours',
    'zh-TW': '無人機 {droneId} 不存在或不屬於本帳戶',
    th: 'ไม่มีโดรน {droneId} หรือไม่ใช่ของบัญชีนี้',
    ko: '드론 {droneId}이(가) 없거나 이 계정의 드론이 아닙니다',
  },
  orderDuplicate: {
    zh: '无人机 {droneId} 的 {year} 年服务订单已存在（未取消）',
    en: 'Drone {droneId} already has an order for {year} (not cancelled)',
    'zh-TW': '無人機 {droneId} 的 {year} 年服務訂單已存在（未取消）',
    th: 'โดรน {droneId} มีคำสั่งซื้อของปี {year} อยู่แล้ว (ยังไม่ยกเลิก)',
    ko: '드론 {droneId}의 {year}년 주문이 이미 있습니다(취소되지 않음)',
  },
  orderYearOutOfRange: {
    zh: '服务年份须在 {min} 至 {max} 年之间',
    en: 'The service year must be between {min} and {max}',
    'zh-TW': '服務年份須在 {min} 至 {max} 年之間',
    th: 'ปีบริการต้องอยู่ระหว่าง {min} ถึง {max}',
    ko: '서비스 연도는 {min}년에서 {max}년 사이여야 합니다',
  },
  orderTypeMismatch: {
    zh: '订单类型应为 {orderType}（1 新开服务年，2 续费）',
    en: 'The order type must be {orderType} (1 new service year, 2 renewal)',
    'zh-TW': '訂單類型應為 {orderType}（1 新開服務年，2 續費）',
    th: 'ประเภทคำสั่งซื้อต้องเป็น {orderType} (1 ปีบริการใหม่, 2 ต่ออายุ)',
    ko: '주문 유형은 {orderType}이어야 합니다(1 신규 서비스 연도, 2 갱신)',
  },
  orderNotUnpaid: {
    zh: '订单 {orderSn} 不是待支付状态',
    en: 'Order {orderSn} is not awaiting payment',
    'zh-TW': '訂單 {orderSn} 不是待支付狀態',
    th: 'คำสั่งซื้อ {orderSn} ไม่ได้อยู่ในสถานะรอชำระเงิน',
    ko: '주문 {orderSn}은(는) 결제 대기 상태가 아닙니다',
  },
  orderPaymentFailed: {
    zh: '支付未完成：{reason}',
    en: 'The payment did not go through: {reason}',
    'zh-TW': '支付未完成：{reason}',
    th: 'การชำระเงินไม่สำเร็จ: {reason}',
    ko: '결제가 완료되지 않았습니다: {reason}',
  },
  invoiceInfoMissing: {
    zh: '请先填写开票信息',
    en: 'Fill in the invoice info first',
    'zh-TW': '請先填寫開票資訊',
    th: 'กรุณากรอกข้อมูลใบกำกับภาษีก่อน',
    ko: '먼저 세금계산서 정보를 입력하세요',
  },
  invoiceOrdersInvalid: {
    zh: '只能为本账户已支付且未开票的订单申请发票',
    en: 'An invoice can only be applied for paid orders of your account not yet invoiced',
    'zh-TW': '只能為本帳戶已支付且未開票的訂單申請發票',
    th: 'ขอใบกำกับภาษีได้เฉพาะคำสั่งซื้อที่ชำระแล้วของบัญชีคุณและยังไม่ออกใบกำกับ',
    ko: '이 계정의 결제 완료되고 아직 발행되지 않은 주문에 대해서만 세금계산서를 신청할 수 있습니다',
  },
  invoiceCurrencyMixed: {
    zh: '一张发票的订单须为同一币种',
    en: 'The orders of one invoice must share one currency',
    'zh-TW': '一張發票的訂單須為同一幣種',
    th: 'คำสั่งซื้อในใบกำกับเดียวกันต้องใช้สกุลเงินเดียวกัน',
    ko: '한 세금계산서의 주문은 같은 통화여야 합니다',
  },
  invoiceNotFound: {
    zh: '发票不存在',
    en: 'Invoice not found',
    'zh-TW': '發票不存在',
    th: 'ไม่พบใบกำกับภาษี',
    ko: '세금계산서를 찾을 수 없습니다',
  },
  invoiceAlreadyIssued: {
    zh: '发票已开具',
    en: 'The invoice has already been issued',
    'zh-TW': '發票已開立',
    th: 'ออกใบกำกับภาษีแล้ว',
    ko: '세금계산서가 이미 발행되었습니다',
  },
} as const satisfies Record<string, Record<Language, string>>;
