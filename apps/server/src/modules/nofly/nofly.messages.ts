/**
 * Server messages of the nofly module, in the five languages (merged into platform/messages.ts).
 * The `noflyGeometry*` keys answer the issues of `checkZoneGeometry` (packages/domain geometry.ts);
 * the web says the same from its `nofly` namespace (geometry.*).
 */
import type { Language } from '@agrifleet/domain';

export const NOFLY_MESSAGES = {
  noflyGeometryShape: {
    zh: '禁飞区形状有误：多边形需为 Polygon，圆形需为中心点 Point 加半径',
    en: 'Wrong zone shape: a polygon needs a Polygon, a circle a centre Point and a radius',
    'zh-TW': '禁飛區形狀有誤：多邊形需為 Polygon，圓形需為中心點 Point 加半徑',
    th: 'รูปร่างเขตห้ามบินไม่ถูกต้อง: รูปหลายเหลี่ยมต้องเป็น Polygon วงกลมต้องมีจุดศูนย์กลางและรัศมี',
    ko: '금지 구역 형태가 잘못되었습니다: 다각형은 Polygon, 원은 중심 Point와 반경이 필요합니다',
  },
  noflyGeometryCoordinates: {
    zh: '坐标有误：经度须在 -180 至 180 之间，纬度须在 -90 至 90 之间',
    en: 'Invalid coordinates: longitude must be within -180..180 and latitude within -90..90',
    'zh-TW': '座標有誤：經度須在 -180 至 180 之間，緯度須在 -90 至 90 之間',
    th: 'พิกัดไม่ถูกต้อง: ลองจิจูดต้องอยู่ระหว่าง -180..180 และละติจูด -90..90',
    ko: '좌표가 잘못되었습니다: 경도는 -180..180, 위도는 -90..90 사이여야 합니다',
  },
  noflyGeometryNotClosed: {
    zh: '多边形第 {ring} 个环未闭合（首尾点须相同）',
    en: 'Ring {ring} of the polygon is not closed (its last point must equal its first)',
    'zh-TW': '多邊形第 {ring} 個環未閉合（首尾點須相同）',
    th: 'วงที่ {ring} ของรูปหลายเหลี่ยมไม่ปิด (จุดสุดท้ายต้องเท่ากับจุดแรก)',
    ko: '다각형의 {ring}번째 고리가 닫혀 있지 않습니다 (마지막 점이 첫 점과 같아야 합니다)',
  },
  noflyGeometryTooFewPoints: {
    zh: '多边形至少需要 {min} 个不同的顶点',
    en: 'A polygon needs at least {min} different points',
    'zh-TW': '多邊形至少需要 {min} 個不同的頂點',
    th: 'รูปหลายเหลี่ยมต้องมีจุดที่ต่างกันอย่างน้อย {min} จุด',
    ko: '다각형에는 서로 다른 점이 최소 {min}개 필요합니다',
  },
  noflyGeometryCollinear: {
    zh: '多边形的顶点都在一条直线上，没有面积',
    en: 'All points of the polygon lie on one line: it has no area',
    'zh-TW': '多邊形的頂點都在一條直線上，沒有面積',
    th: 'จุดทั้งหมดของรูปหลายเหลี่ยมอยู่บนเส้นเดียวกัน จึงไม่มีพื้นที่',
    ko: '다각형의 모든 점이 한 직선 위에 있어 면적이 없습니다',
  },
  noflyGeometryTooManyVertices: {
    zh: '顶点过多：最多 {max} 个',
    en: 'Too many points: at most {max}',
    'zh-TW': '頂點過多：最多 {max} 個',
    th: 'จุดมากเกินไป: สูงสุด {max} จุด',
    ko: '점이 너무 많습니다: 최대 {max}개',
  },
  noflyGeometryTooManyRings: {
    zh: '内环（洞）过多：最多 {max} 个环',
    en: 'Too many rings (holes): at most {max}',
    'zh-TW': '內環（洞）過多：最多 {max} 個環',
    th: 'มีวง (รู) มากเกินไป: สูงสุด {max}',
    ko: '고리(구멍)가 너무 많습니다: 최대 {max}개',
  },
  noflyGeometrySelfIntersection: {
    zh: '多边形的边自相交（约在 {lng}, {lat}），请调整顶点使边不交叉',
    en: 'The polygon crosses itself (near {lng}, {lat}); move the points so no edges cross',
    'zh-TW': '多邊形的邊自相交（約在 {lng}, {lat}），請調整頂點使邊不交叉',
    th: 'รูปหลายเหลี่ยมตัดกันเอง (ใกล้ {lng}, {lat}) กรุณาย้ายจุดเพื่อไม่ให้เส้นขอบตัดกัน',
    ko: '다각형의 변이 서로 교차합니다 ({lng}, {lat} 부근). 변이 교차하지 않도록 점을 옮기세요',
  },
  noflyGeometryHoleOutside: {
    zh: '第 {ring} 个环（洞）不在外环之内',
    en: 'Ring {ring} (a hole) is not inside the outer ring',
    'zh-TW': '第 {ring} 個環（洞）不在外環之內',
    th: 'วงที่ {ring} (รู) ไม่อยู่ภายในวงนอก',
    ko: '{ring}번째 고리(구멍)가 바깥 고리 안에 있지 않습니다',
  },
  noflyGeometryRadius: {
    zh: '圆形禁飞区半径须在 {min} 米至 {max} 米之间',
    en: 'The radius of a circular zone must be {min} m to {max} m',
    'zh-TW': '圓形禁飛區半徑須在 {min} 公尺至 {max} 公尺之間',
    th: 'รัศมีของเขตวงกลมต้องอยู่ระหว่าง {min} ถึง {max} เมตร',
    ko: '원형 구역의 반경은 {min} m에서 {max} m 사이여야 합니다',
  },
  noflyReadOnly: {
    zh: '只有平台和政府账号可以管理禁飞区',
    en: 'Only platform and government accounts manage no-fly zones',
    'zh-TW': '只有平台和政府帳號可以管理禁飛區',
    th: 'เฉพาะบัญชีแพลตฟอร์มและหน่วยงานรัฐเท่านั้นที่จัดการเขตห้ามบินได้',
    ko: '플랫폼과 정부 계정만 비행 금지 구역을 관리할 수 있습니다',
  },
  noflyNotYours: {
    zh: '该禁飞区由其他账号设立，您只能查看',
    en: 'This zone was set up by another account: you can only view it',
    'zh-TW': '該禁飛區由其他帳號設立，您只能查看',
    th: 'เขตนี้สร้างโดยบัญชีอื่น คุณดูได้อย่างเดียว',
    ko: '이 구역은 다른 계정이 설정했습니다. 보기만 할 수 있습니다',
  },
  noflyOutsideRegion: {
    zh: '禁飞区须位于您管辖的行政区域内',
    en: 'The zone must lie within the region you govern',
    'zh-TW': '禁飛區須位於您管轄的行政區域內',
    th: 'เขตห้ามบินต้องอยู่ภายในพื้นที่ที่คุณดูแล',
    ko: '금지 구역은 관할 지역 안에 있어야 합니다',
  },
  noflyNotFound: {
    zh: '禁飞区不存在',
    en: 'No-fly zone not found',
    'zh-TW': '禁飛區不存在',
    th: 'ไม่พบเขตห้ามบิน',
    ko: '비행 금지 구역을 찾을 수 없습니다',
  },
} as const satisfies Record<string, Record<Language, string>>;
