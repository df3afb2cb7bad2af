/** Server messages of the subsidies module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const SUBSIDY_MESSAGES = {
  subsidyNotFound: {
    zh: '补贴不存在',
    en: 'Subsidy not found',
    'zh-TW': '補貼不存在',
    th: 'ไม่พบเงินอุดหนุน',
    ko: '보조금을 찾을 수 없습니다',
  },
  subsidySealed: {
    zh: '该补贴已封存（已发放），不能再修改或删除',
    en: 'This subsidy is sealed (paid): it can no longer be changed or deleted',
    'zh-TW': '該補貼已封存（已發放），不能再修改或刪除',
    th: 'เงินอุดหนุนนี้ถูกปิดผนึก (จ่ายแล้ว) จึงแก้ไขหรือลบไม่ได้อีก',
    ko: '이 보조금은 봉인(지급)되어 더 이상 변경하거나 삭제할 수 없습니다',
  },
  subsidyNoRateTable: {
    zh: '{year} 年该地区没有补贴标准表，请先录入补贴标准',
    en: 'No rate table covers this region in {year}: enter the rates first',
    'zh-TW': '{year} 年該地區沒有補貼標準表，請先錄入補貼標準',
    th: 'ไม่มีตารางอัตราสำหรับพื้นที่นี้ในปี {year} กรุณาป้อนอัตราก่อน',
    ko: '{year}년 이 지역의 보조금 기준표가 없습니다. 먼저 기준을 입력하세요',
  },
  subsidyRateVersionMismatch: {
    zh: '所选补贴标准版本不适用于该地区和年份',
    en: 'The chosen rate table version is not for this region and year',
    'zh-TW': '所選補貼標準版本不適用於該地區和年份',
    th: 'ตารางอัตราที่เลือกไม่ใช่ของพื้นที่และปีนี้',
    ko: '선택한 보조금 기준표 버전은 이 지역과 연도에 해당하지 않습니다',
  },
  subsidyOutsideRegion: {
    zh: '只能管理本辖区内的补贴',
    en: 'You can only manage subsidies within your own region',
    'zh-TW': '只能管理本轄區內的補貼',
    th: 'คุณจัดการได้เฉพาะเงินอุดหนุนในพื้นที่ของคุณ',
    ko: '관할 지역 안의 보조금만 관리할 수 있습니다',
  },
  subsidyTaskNotFound: {
    zh: '统防统治任务不存在',
    en: 'Unified task not found',
    'zh-TW': '統防統治任務不存在',
    th: 'ไม่พบงานป้องกันกำจัดศัตรูพืชแบบรวม',
    ko: '통합 방제 작업을 찾을 수 없습니다',
  },
  subsidySortieNotInSubsidy: {
    zh: '该架次不属于此补贴',
    en: 'This sortie is not part of the subsidy',
    'zh-TW': '該架次不屬於此補貼',
    th: 'เที่ยวบินนี้ไม่อยู่ในเงินอุดหนุนนี้',
    ko: '이 비행은 이 보조금에 포함되지 않습니다',
  },
  subsidyEmpty: {
    zh: '该补贴没有可抽检的架次',
    en: 'This subsidy has no sorties to draw from',
    'zh-TW': '該補貼沒有可抽檢的架次',
    th: 'เงินอุดหนุนนี้ไม่มีเที่ยวบินให้สุ่มตรวจ',
    ko: '이 보조금에는 추첨할 비행이 없습니다',
  },
  subsidyRateRegionOutside: {
    zh: '补贴标准中的地区 {region} 不在表的地区内',
    en: 'Region {region} of a rate is not inside the table’s region',
    'zh-TW': '補貼標準中的地區 {region} 不在表的地區內',
    th: 'พื้นที่ {region} ของอัตราไม่อยู่ในพื้นที่ของตาราง',
    ko: '기준의 지역 {region}이(가) 표의 지역 안에 있지 않습니다',
  },
} as const satisfies Record<string, Record<Language, string>>;
