/** Server messages of the models module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const MODEL_MESSAGES = {
  modelNotFound: {
    zh: '机型不存在',
    en: 'Drone model not found',
    'zh-TW': '機型不存在',
    th: 'ไม่พบรุ่นโดรน',
    ko: '드론 모델을 찾을 수 없습니다',
  },
  modelMakerNotFound: {
    zh: '厂家不存在',
    en: 'Manufacturer not found',
    'zh-TW': '廠家不存在',
    th: 'ไม่พบผู้ผลิต',
    ko: '제조사를 찾을 수 없습니다',
  },
  modelMakerRequired: {
    zh: '请选择机型所属的厂家',
    en: 'Choose the manufacturer of the model',
    'zh-TW': '請選擇機型所屬的廠家',
    th: 'กรุณาเลือกผู้ผลิตของรุ่นนี้',
    ko: '모델의 제조사를 선택하세요',
  },
  modelNameTaken: {
    zh: '该厂家已有名为“{name}”的机型',
    en: 'The manufacturer already has a model named "{name}"',
    'zh-TW': '該廠家已有名為「{name}」的機型',
    th: 'ผู้ผลิตมีรุ่นชื่อ "{name}" อยู่แล้ว',
    ko: '제조사에 이미 "{name}" 모델이 있습니다',
  },
  modelInUse: {
    zh: '该机型下还有 {count} 架无人机，不能删除：请先将这些无人机改为其他机型，或把本机型合并到其他机型',
    en: 'This model cannot be deleted: {count} drones use it. Move them to another model, or merge this model into another one first',
    'zh-TW':
      '該機型下還有 {count} 架無人機，不能刪除：請先將這些無人機改為其他機型，或把本機型合併到其他機型',
    th: 'ลบรุ่นนี้ไม่ได้: มีโดรน {count} ลำใช้อยู่ ย้ายโดรนไปรุ่นอื่น หรือรวมรุ่นนี้เข้ากับรุ่นอื่นก่อน',
    ko: '이 모델은 삭제할 수 없습니다: 드론 {count}대가 사용 중입니다. 먼저 다른 모델로 옮기거나 이 모델을 다른 모델에 병합하세요',
  },
  modelMergeEmpty: {
    zh: '请至少选择一个要合并的机型',
    en: 'Choose at least one model to merge',
    'zh-TW': '請至少選擇一個要合併的機型',
    th: 'กรุณาเลือกอย่างน้อยหนึ่งรุ่นที่จะรวม',
    ko: '병합할 모델을 하나 이상 선택하세요',
  },
  modelMergeSelf: {
    zh: '机型不能合并到自身',
    en: 'A model cannot be merged into itself',
    'zh-TW': '機型不能合併到自身',
    th: 'ไม่สามารถรวมรุ่นเข้ากับตัวเองได้',
    ko: '모델을 자기 자신에 병합할 수 없습니다',
  },
  modelMergeOtherMaker: {
    zh: '只能合并同一厂家的机型',
    en: 'Only models of the same manufacturer can be merged',
    'zh-TW': '只能合併同一廠家的機型',
    th: 'รวมได้เฉพาะรุ่นของผู้ผลิตเดียวกัน',
    ko: '같은 제조사의 모델만 병합할 수 있습니다',
  },
  modelRangeEmpty: {
    zh: 'ID 段为空：结束编号不能小于起始编号',
    en: 'The ID range is empty: the last number must not be less than the first',
    'zh-TW': 'ID 段為空：結束編號不能小於起始編號',
    th: 'ช่วง ID ว่าง: หมายเลขสุดท้ายต้องไม่น้อยกว่าหมายเลขแรก',
    ko: 'ID 범위가 비어 있습니다: 끝 번호는 시작 번호보다 작을 수 없습니다',
  },
  modelRangeTooMany: {
    zh: '一次最多添加 {max} 个编号，此 ID 段有 {count} 个',
    en: 'An ID range may add at most {max} serials at once; this one has {count}',
    'zh-TW': '一次最多新增 {max} 個編號，此 ID 段有 {count} 個',
    th: 'เพิ่มหมายเลขได้ครั้งละไม่เกิน {max} หมายเลข ช่วงนี้มี {count} หมายเลข',
    ko: 'ID 범위는 한 번에 최대 {max}개까지 추가할 수 있습니다. 이 범위에는 {count}개가 있습니다',
  },
} as const satisfies Record<string, Record<Language, string>>;
