/**
 * Lookups (issue 22 #1; 002 §7 oper/crops, oper/worktypes): the crop, work-type and medicine
 * catalogues as tables with names in the five languages (jsonb {zh, en, zh-TW, th, ko}).
 *
 * Crop ids 1..9 keep the meaning the fixed list had (blocks' BLOCK_CROPS, the web's blocks:crop.<id>,
 * the simulator's CROP_IDS: 1 rice, 2 wheat, 3 maize, 4 cotton, 5 sugarcane); later crops follow.
 * Work types 1 spraying and 2 spreading are relied on (a sortie's work type is derived with them).
 * Medicines: products registered for drone application, with their registered spray-liquid range
 * per mu (programmes/dose.ts); the registration number is unique.
 */
import { type Kysely, sql } from 'kysely';

type Names = [zh: string, en: string, zhTW: string, th: string, ko: string];
const names = ([zh, en, zhTW, th, ko]: Names) => JSON.stringify({ zh, en, 'zh-TW': zhTW, th, ko });

/** [id, names, category] in display order. */
export const SEED_CROPS: [number, Names, string][] = [
  [1, ['水稻', 'Rice', '水稻', 'ข้าว', '벼'], 'grain'],
  [2, ['小麦', 'Wheat', '小麥', 'ข้าวสาลี', '밀'], 'grain'],
  [3, ['玉米', 'Corn', '玉米', 'ข้าวโพด', '옥수수'], 'grain'],
  [4, ['棉花', 'Cotton', '棉花', 'ฝ้าย', '목화'], 'fibre'],
  [5, ['甘蔗', 'Sugarcane', '甘蔗', 'อ้อย', '사탕수수'], 'sugar'],
  [6, ['大豆', 'Soybean', '大豆', 'ถั่วเหลือง', '대두'], 'oil'],
  [7, ['果树', 'Fruit trees', '果樹', 'ไม้ผล', '과수'], 'fruit'],
  [8, ['蔬菜', 'Vegetables', '蔬菜', 'ผัก', '채소'], 'vegetable'],
  [9, ['其他', 'Other', '其他', 'อื่น ๆ', '기타'], 'other'],
  [10, ['油菜', 'Rapeseed', '油菜', 'เรพซีด', '유채'], 'oil'],
  [11, ['马铃薯', 'Potato', '馬鈴薯', 'มันฝรั่ง', '감자'], 'tuber'],
  [12, ['柑橘', 'Citrus', '柑橘', 'ส้ม', '감귤'], 'fruit'],
  [13, ['茶叶', 'Tea', '茶葉', 'ชา', '차'], 'tea'],
  [14, ['花生', 'Peanut', '花生', 'ถั่วลิสง', '땅콩'], 'oil'],
  [15, ['高粱', 'Sorghum', '高粱', 'ข้าวฟ่าง', '수수'], 'grain'],
  [16, ['苹果', 'Apple', '蘋果', 'แอปเปิล', '사과'], 'fruit'],
  [17, ['葡萄', 'Grape', '葡萄', 'องุ่น', '포도'], 'fruit'],
  [18, ['辣椒', 'Chili pepper', '辣椒', 'พริก', '고추'], 'vegetable'],
  [19, ['向日葵', 'Sunflower', '向日葵', 'ทานตะวัน', '해바라기'], 'oil'],
  [20, ['荔枝', 'Lychee', '荔枝', 'ลิ้นจี่', '리치'], 'fruit'],
  [21, ['香蕉', 'Banana', '香蕉', 'กล้วย', '바나나'], 'fruit'],
];

export const SEED_WORK_TYPES: [number, Names][] = [
  [1, ['植保喷洒', 'Spraying', '植保噴灑', 'การพ่นสาร', '방제 살포']],
  [2, ['撒播', 'Spreading', '撒播', 'การหว่าน', '입제 살포']],
  [3, ['飞防授粉', 'Pollination', '飛防授粉', 'การผสมเกสร', '수분 작업']],
  [4, ['测绘巡田', 'Surveying', '測繪巡田', 'การสำรวจแปลง', '측량·순찰']],
  [5, ['叶面施肥', 'Foliar fertilising', '葉面施肥', 'การให้ปุ๋ยทางใบ', '엽면 시비']],
];

/** [names, regNo, ingredient, formulation, min L/mu, max L/mu] */
export const SEED_MEDICINES: [Names, string, string, string, number, number][] = [
  [
    [
      '氯虫苯甲酰胺悬浮剂',
      'Chlorantraniliprole SC',
      '氯蟲苯甲醯胺懸浮劑',
      'คลอแรนทรานิลิโพรล SC',
      '클로란트라닐리프롤 액상수화제',
    ],
    'PD20183456',
    '氯虫苯甲酰胺 200 g/L',
    '悬浮剂 SC',
    1.0,
    2.0,
  ],
  [
    ['吡蚜酮可湿性粉剂', 'Pymetrozine WP', '吡蚜酮可濕性粉劑', 'ไพมีโทรซีน WP', '피메트로진 수화제'],
    'PD20151234',
    '吡蚜酮 50%',
    '可湿性粉剂 WP',
    0.8,
    1.5,
  ],
  [
    ['戊唑醇悬浮剂', 'Tebuconazole SC', '戊唑醇懸浮劑', 'เทบูโคนาโซล SC', '테부코나졸 액상수화제'],
    'PD20171122',
    '戊唑醇 430 g/L',
    '悬浮剂 SC',
    1.0,
    2.0,
  ],
  [
    ['嘧菌酯悬浮剂', 'Azoxystrobin SC', '嘧菌酯懸浮劑', 'อะซอกซีสโตรบิน SC', '아족시스트로빈 액상수화제'],
    'PD20160457',
    '嘧菌酯 250 g/L',
    '悬浮剂 SC',
    1.0,
    1.8,
  ],
  [
    ['噻虫嗪水分散粒剂', 'Thiamethoxam WG', '噻蟲嗪水分散粒劑', 'ไทอะมีทอกแซม WG', '티아메톡삼 입상수화제'],
    'PD20190882',
    '噻虫嗪 25%',
    '水分散粒剂 WG',
    0.8,
    1.5,
  ],
  [
    ['苯醚甲环唑微乳剂', 'Difenoconazole ME', '苯醚甲環唑微乳劑', 'ไดฟีโนโคนาโซล ME', '디페노코나졸 미탁제'],
    'PD20200315',
    '苯醚甲环唑 10%',
    '微乳剂 ME',
    1.0,
    2.0,
  ],
  [
    [
      '甲氨基阿维菌素苯甲酸盐',
      'Emamectin benzoate EC',
      '甲氨基阿維菌素苯甲酸鹽',
      'อีมาเมกตินเบนโซเอต EC',
      '에마멕틴벤조에이트 유제',
    ],
    'PD20142201',
    '甲氨基阿维菌素苯甲酸盐 5%',
    '乳油 EC',
    0.8,
    1.2,
  ],
  [
    ['丙环唑乳油', 'Propiconazole EC', '丙環唑乳油', 'โพรพิโคนาโซล EC', '프로피코나졸 유제'],
    'PD20130678',
    '丙环唑 250 g/L',
    '乳油 EC',
    1.0,
    1.5,
  ],
  [
    ['井冈霉素水剂', 'Validamycin AS', '井岡黴素水劑', 'วาลิดามัยซิน AS', '발리다마이신 액제'],
    'PD20101893',
    '井冈霉素 5%',
    '水剂 AS',
    1.5,
    3.0,
  ],
  [
    [
      '吡唑醚菌酯悬浮剂',
      'Pyraclostrobin SC',
      '吡唑醚菌酯懸浮劑',
      'ไพราโคลสโตรบิน SC',
      '피라클로스트로빈 액상수화제',
    ],
    'PD20211047',
    '吡唑醚菌酯 30%',
    '悬浮剂 SC',
    1.0,
    2.0,
  ],
  [
    ['烯啶虫胺可溶液剂', 'Nitenpyram SL', '烯啶蟲胺可溶液劑', 'ไนเทนไพแรม SL', '니텐피람 액제'],
    'PD20172039',
    '烯啶虫胺 10%',
    '可溶液剂 SL',
    0.8,
    1.5,
  ],
  [
    [
      '磷酸二氢钾叶面肥',
      'Potassium dihydrogen phosphate foliar',
      '磷酸二氫鉀葉面肥',
      'โมโนโพแทสเซียมฟอสเฟต',
      '제1인산칼륨 엽면시비제',
    ],
    'FR20200078',
    '磷酸二氢钾 99%',
    '水溶粉剂 SP',
    1.5,
    3.0,
  ],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE crops (
    crop_id integer PRIMARY KEY CHECK (crop_id > 0),
    names jsonb NOT NULL,
    category text,
    sort integer NOT NULL DEFAULT 0,
    enabled boolean NOT NULL DEFAULT true
  )`.execute(db);
  await sql`CREATE TABLE work_types (
    work_type_id integer PRIMARY KEY CHECK (work_type_id > 0),
    names jsonb NOT NULL,
    sort integer NOT NULL DEFAULT 0
  )`.execute(db);
  await sql`CREATE TABLE medicines (
    med_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    names jsonb NOT NULL,
    reg_no text NOT NULL,
    ingredient text NOT NULL,
    formulation text NOT NULL,
    min_l_per_mu double precision NOT NULL,
    max_l_per_mu double precision NOT NULL,
    enabled boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT medicines_dose_range CHECK (min_l_per_mu > 0 AND min_l_per_mu <= max_l_per_mu)
  )`.execute(db);
  // One product per registration number, whatever its case.
  await sql`CREATE UNIQUE INDEX medicines_reg_no_key ON medicines (upper(reg_no))`.execute(db);

  for (const [i, [id, n, category]] of SEED_CROPS.entries())
    await sql`INSERT INTO crops (crop_id, names, category, sort) VALUES (${id}, ${names(n)}::jsonb, ${category}, ${i + 1})`.execute(
      db,
    );
  for (const [i, [id, n]] of SEED_WORK_TYPES.entries())
    await sql`INSERT INTO work_types (work_type_id, names, sort) VALUES (${id}, ${names(n)}::jsonb, ${i + 1})`.execute(
      db,
    );
  for (const [n, regNo, ingredient, formulation, min, max] of SEED_MEDICINES)
    await sql`INSERT INTO medicines (names, reg_no, ingredient, formulation, min_l_per_mu, max_l_per_mu)
      VALUES (${names(n)}::jsonb, ${regNo}, ${ingredient}, ${formulation}, ${min}, ${max})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE medicines`.execute(db);
  await sql`DROP TABLE work_types`.execute(db);
  await sql`DROP TABLE crops`.execute(db);
}
