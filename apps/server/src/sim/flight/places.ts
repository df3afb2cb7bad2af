/**
 * Real agricultural areas where the built-in fleet flies (county or farm centres, WGS-84).
 * Fields are drawn a few kilometres around them, in the farmland.
 */

export type Crop = 'rice' | 'wheat' | 'corn' | 'cotton' | 'sugarcane';

export interface FarmPlace {
  /** Short id, usable in drone ids. */
  key: string;
  name: string;
  nameZh: string;
  /** ISO 3166-1 alpha-2. */
  country: 'CN' | 'TH';
  lng: number;
  lat: number;
  crop: Crop;
}

export const FARM_PLACES: readonly FarmPlace[] = [
  {
    key: 'yancheng',
    name: 'Sheyang, Yancheng, Jiangsu',
    nameZh: '江苏省盐城市射阳县',
    country: 'CN',
    lng: 120.26,
    lat: 33.77,
    crop: 'rice',
  },
  {
    key: 'jiansanjiang',
    name: 'Jiansanjiang, Heilongjiang',
    nameZh: '黑龙江省建三江',
    country: 'CN',
    lng: 132.6,
    lat: 47.25,
    crop: 'rice',
  },
  {
    key: 'shihezi',
    name: 'Shihezi, Xinjiang',
    nameZh: '新疆石河子市',
    country: 'CN',
    lng: 86.05,
    lat: 44.38,
    crop: 'cotton',
  },
  {
    key: 'zhoukou',
    name: 'Shangshui, Zhoukou, Henan',
    nameZh: '河南省周口市商水县',
    country: 'CN',
    lng: 114.61,
    lat: 33.54,
    crop: 'wheat',
  },
  {
    key: 'chongzuo',
    name: 'Fusui, Chongzuo, Guangxi',
    nameZh: '广西崇左市扶绥县',
    country: 'CN',
    lng: 107.9,
    lat: 22.63,
    crop: 'sugarcane',
  },
  {
    key: 'suphanburi',
    name: 'Suphan Buri, Thailand',
    nameZh: '泰国素攀武里府',
    country: 'TH',
    lng: 100.12,
    lat: 14.47,
    crop: 'rice',
  },
  {
    key: 'funan',
    name: 'Funan, Fuyang, Anhui',
    nameZh: '安徽省阜阳市阜南县',
    country: 'CN',
    lng: 115.59,
    lat: 32.64,
    crop: 'wheat',
  },
  {
    key: 'dehui',
    name: 'Dehui, Changchun, Jilin',
    nameZh: '吉林省长春市德惠市',
    country: 'CN',
    lng: 125.7,
    lat: 44.54,
    crop: 'corn',
  },
];
