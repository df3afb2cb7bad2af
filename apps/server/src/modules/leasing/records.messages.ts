/** Server messages of leasing (records), in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const LEASING_RECORDS_MESSAGES = {
  basicPriceModelNotFound: {
    zh: '机型 {modelId} 不存在或不属于本账户',
    en: 'Drone model {modelId} does not exist or is not one of yours',
    'zh-TW': '機型 {modelId} 不存在或不屬於本帳戶',
    th: 'ไม่มีรุ่นโดรน {modelId} หรือไม่ใช่ของบัญชีนี้',
    ko: '드론 모델 {modelId}이(가) 없거나 이 계정의 모델이 아닙니다',
  },
  basicPriceWholeUnits: {
    zh: '{currency} 的价格不能有小数',
    en: 'Prices in {currency} take no decimals',
    'zh-TW': '{currency} 的價格不能有小數',
    th: 'ราคาในสกุล {currency} ต้องไม่มีทศนิยม',
    ko: '{currency} 가격에는 소수점을 쓸 수 없습니다',
  },
  basicPriceCurrencyCNY: {
    zh: '人民币',
    en: 'Chinese yuan',
    'zh-TW': '人民幣',
    th: 'หยวนจีน',
    ko: '중국 위안',
  },
  basicPriceCurrencyUSD: { zh: '美元', en: 'US dollar', 'zh-TW': '美元', th: 'ดอลลาร์สหรัฐ', ko: '미국 달러' },
  basicPriceCurrencyTHB: { zh: '泰铢', en: 'Thai baht', 'zh-TW': '泰銖', th: 'บาท', ko: '태국 바트' },
  basicPriceCurrencyKRW: { zh: '韩元', en: 'Korean won', 'zh-TW': '韓元', th: 'วอนเกาหลี', ko: '대한민국 원' },
  basicPriceCurrencyTWD: {
    zh: '新台币',
    en: 'New Taiwan dollar',
    'zh-TW': '新臺幣',
    th: 'ดอลลาร์ไต้หวันใหม่',
    ko: '신 타이완 달러',
  },
} satisfies Record<string, Record<Language, string>>;
