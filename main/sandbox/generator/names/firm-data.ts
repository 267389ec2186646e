// Words firms are named with, per culture, and legal forms per country of registration. Entries
// use the parseForm notation: for non-Latin cultures "native|Latin" pairs where the Latin side is
// the spelling the firm uses in Latin documents (often an English translation of a sector word).
import type { Weighted } from '../rng';
import type { CultureId } from './culture-types';

/** How a firm name is put together from words. */
export type FirmPattern =
  | 'surname-sector'
  | 'sector-surname'
  | 'stem-sector'
  | 'surname-and-surname'
  | 'surname-sons'
  | 'stem-only'
  | 'city-stem-sector';

export interface FirmWords {
  sectors: readonly string[];
  stems: readonly string[];
  cities?: readonly string[];
  patterns: Weighted<FirmPattern>;
  /** Word joining two surnames ("&", "und", "e"). */
  and: string;
}

// prettier-ignore
export const FIRM_WORDS: Readonly<Record<CultureId, FirmWords>> = {
  en: {
    sectors: ['Trading', 'Holdings', 'Capital', 'Logistics', 'Shipping', 'Consulting', 'Technologies', 'Properties', 'Investments', 'Ventures', 'Partners', 'Engineering', 'Foods', 'Textiles', 'Metals', 'Energy', 'Pharma', 'Software', 'Construction', 'Marine', 'Asset Management', 'Commodities'],
    stems: ['Northgate', 'Greystone', 'Redcliffe', 'Highmoor', 'Kestrel', 'Ashford', 'Brightwater', 'Thornbury', 'Ironbridge', 'Stonehaven', 'Larkspur'],
    patterns: [['stem-sector', 45], ['surname-sector', 25], ['surname-and-surname', 10], ['surname-sons', 8], ['stem-only', 12]],
    and: '&',
  },
  de: {
    sectors: ['Handel', 'Logistik', 'Bau', 'Immobilien', 'Maschinenbau', 'Beteiligungen', 'Consulting', 'Technik', 'Spedition', 'Metallbau', 'Elektrotechnik', 'Vermögensverwaltung', 'Textil', 'Autohaus', 'Software', 'Energie', 'Holzbau', 'Feinkost'],
    stems: ['Rheinland', 'Alpen', 'Nordsee', 'Elbtal', 'Bavaria', 'Schwarzwald', 'Hanse', 'Ostwind', 'Taunus', 'Isartal', 'Mainfranken', 'Kupferberg', 'Weserland', 'Havelblick'],
    patterns: [['surname-sector', 45], ['stem-sector', 30], ['surname-and-surname', 15], ['stem-only', 10]],
    and: '&',
  },
  fr: {
    sectors: ['Transports', 'Immobilier', 'Conseil', 'Négoce', 'Distribution', 'Bâtiment', 'Industries', 'Finance', 'Participations', 'Services', 'Import-Export', 'Ingénierie', 'Vins', 'Boulangerie'],
    stems: ['Atlantique', 'Provence', 'Val de Loire', 'Alpes', 'Méditerranée', 'Armor', 'Lumière', 'Étoile', 'Horizon', 'Cévennes', 'Bourgogne', 'Rive Gauche'],
    patterns: [['sector-surname', 45], ['stem-sector', 30], ['surname-and-surname', 15], ['stem-only', 10]],
    and: '&',
  },
  es: {
    sectors: ['Inversiones', 'Construcciones', 'Comercial', 'Importaciones', 'Transportes', 'Inmobiliaria', 'Servicios', 'Distribuciones', 'Agrícola', 'Consultores', 'Minera', 'Exportadora'],
    stems: ['Iberia', 'Sol', 'Mediterráneo', 'Andes', 'Pacífico', 'Costa Azul', 'Sierra Nevada', 'Guadalquivir', 'Cantábrico', 'Aurora', 'Altamira'],
    patterns: [['sector-surname', 45], ['stem-sector', 25], ['surname-and-surname', 15], ['surname-sons', 5], ['stem-only', 10]],
    and: 'y',
  },
  pt: {
    sectors: ['Comércio', 'Construções', 'Transportes', 'Investimentos', 'Serviços', 'Importação e Exportação', 'Agropecuária', 'Imobiliária', 'Logística', 'Participações'],
    stems: ['Atlântico', 'Tejo', 'Amazônia', 'Cerrado', 'Horizonte', 'Estrela', 'Minas', 'Douro', 'Litoral', 'Serra Azul'],
    patterns: [['sector-surname', 40], ['stem-sector', 30], ['surname-and-surname', 15], ['surname-sons', 5], ['stem-only', 10]],
    and: 'e',
  },
  it: {
    sectors: ['Costruzioni', 'Trasporti', 'Immobiliare', 'Commerciale', 'Servizi', 'Impianti', 'Meccanica', 'Alimentari', 'Tessile', 'Investimenti', 'Marmi', 'Vini'],
    stems: ['Adriatica', 'Tirrena', 'Padana', 'Etrusca', 'Dolomiti', 'Vesuvio', 'Aurora', 'Stella', 'Laguna', 'Brianza'],
    patterns: [['sector-surname', 40], ['stem-sector', 30], ['surname-and-surname', 15], ['stem-only', 15]],
    and: '&',
  },
  nl: {
    sectors: ['Handelsmaatschappij', 'Bouw', 'Transport', 'Vastgoed', 'Beheer', 'Holding', 'Techniek', 'Logistiek', 'Installatietechniek', 'Bloemen'],
    stems: ['Noordzee', 'Polder', 'Maasland', 'Delta', 'Zuiderzee', 'Veluwe', 'Kennemer', 'Amstelland'],
    patterns: [['surname-sector', 45], ['stem-sector', 35], ['surname-and-surname', 10], ['stem-only', 10]],
    and: '&',
  },
  pl: {
    sectors: ['Handel', 'Budownictwo', 'Transport', 'Usługi', 'Inwestycje', 'Logistyka', 'Technologie', 'Meble', 'Stal'],
    stems: ['Wisła', 'Mazowsze', 'Bałtyk', 'Tatry', 'Orzeł', 'Pomorze', 'Karpaty', 'Sudety', 'Warta'],
    patterns: [['stem-sector', 40], ['surname-sector', 35], ['surname-and-surname', 10], ['stem-only', 15]],
    and: 'i',
  },
  ru: {
    sectors: ['Стройинвест', 'Промтех', 'Нефтегазсервис', 'Транслогистик', 'Агропром', 'Металлсервис', 'Энергоресурс', 'Инвестгрупп', 'Спецмонтаж', 'Торговый дом|Trading House', 'Химпром', 'Лесэкспорт'],
    stems: ['Северный|Severny', 'Уральский|Uralsky', 'Волга|Volga', 'Сибирь|Sibir', 'Балтийский|Baltiysky', 'Восток|Vostok', 'Альянс|Alliance', 'Меридиан|Meridian', 'Гранит|Granit', 'Прогресс|Progress'],
    patterns: [['stem-sector', 45], ['stem-only', 35], ['surname-sector', 20]],
    and: 'и',
  },
  el: {
    sectors: ['Ναυτιλιακή|Shipping', 'Εμπορική|Trading', 'Τεχνική|Technical', 'Κατασκευαστική|Construction', 'Επενδυτική|Investment', 'Ξενοδοχειακή|Hotels'],
    stems: ['Αιγαίο|Aegean', 'Όλυμπος|Olympos', 'Ιόνιο|Ionian', 'Ποσειδών|Poseidon', 'Αστέρι|Asteri', 'Κρήτη|Kriti', 'Νηρηίδα|Nireida', 'Θάλασσα|Thalassa'],
    patterns: [['stem-sector', 60], ['surname-sector', 30], ['stem-only', 10]],
    and: '&',
  },
  tr: {
    sectors: ['İnşaat', 'Ticaret', 'Tekstil', 'Lojistik', 'Gıda', 'Enerji', 'Turizm', 'Yatırım', 'Otomotiv', 'Madencilik'],
    stems: ['Anadolu', 'Marmara', 'Ege', 'Boğaziçi', 'Karadeniz', 'Toros', 'Kapadokya', 'Yıldız'],
    patterns: [['surname-sector', 50], ['stem-sector', 35], ['stem-only', 15]],
    and: 've',
  },
  he: {
    sectors: ['סחר|Trade', 'השקעות|Investments', 'טכנולוגיות|Technologies', 'נדל״ן|Real Estate', 'יהלומים|Diamonds', 'תעשיות|Industries'],
    stems: ['אלון|Alon', 'ים|Yam', 'אופק|Ofek', 'גלבוע|Gilboa', 'כרמל|Carmel', 'נגב|Negev', 'ארבל|Arbel'],
    patterns: [['stem-sector', 60], ['surname-sector', 30], ['stem-only', 10]],
    and: '&',
  },
  ar: {
    sectors: ['للتجارة|Trading', 'للتجارة العامة|General Trading', 'للمقاولات|Contracting', 'للاستثمار|Investment', 'للشحن|Shipping', 'للعقارات|Real Estate', 'للصرافة|Exchange'],
    stems: ['النخبة|Al Nukhba', 'الرواد|Al Rowad', 'الفجر|Al Fajr', 'الصقر|Al Saqr', 'الواحة|Al Waha', 'النور|Al Noor', 'الأفق|Al Ofoq', 'الخليج|Gulf', 'الشرق|Al Sharq', 'الريادة|Al Riyada'],
    patterns: [['stem-sector', 75], ['surname-sector', 25]],
    and: 'و',
  },
  zh: {
    sectors: ['贸易|Trading', '科技|Technology', '实业|Industrial', '进出口|Import & Export', '投资|Investment', '物流|Logistics', '电子|Electronics', '化工|Chemical', '纺织|Textile'],
    stems: ['华茂|Hua-mao', '恒昌|Heng-chang', '金源|Jin-yuan', '宏远|Hong-yuan', '锦程|Jin-cheng', '鑫龙|Xin-long', '瑞丰|Rui-feng', '天和|Tian-he', '中盛|Zhong-sheng', '永泰|Yong-tai', '嘉禾|Jia-he', '新源|Xin-yuan'],
    cities: ['深圳|Shen-zhen', '上海|Shang-hai', '北京|Bei-jing', '广州|Guang-zhou', '杭州|Hang-zhou', '宁波|Ning-bo', '厦门|Xia-men', '天津|Tian-jin', '苏州|Su-zhou'],
    patterns: [['city-stem-sector', 70], ['stem-sector', 30]],
    and: '&',
  },
  ja: {
    sectors: ['商事|Shoji', '物産|Bussan', '工業|Kogyo', '電機|Denki', '建設|Kensetsu', '運輸|Unyu', '製作所|Seisakusho', '化成|Kasei'],
    stems: ['大和|Yamato', '北斗|Hokuto', '東洋|Toyo', '新光|Shinko', '昭栄|Shoei', '若葉|Wakaba', '光陽|Koyo', '白山|Hakusan'],
    patterns: [['surname-sector', 60], ['stem-sector', 40]],
    and: '&',
  },
  ko: {
    sectors: ['무역|Trading', '건설|Construction', '물산|Mulsan', '전자|Electronics', '해운|Shipping', '산업|Industrial', '정밀|Precision'],
    stems: ['한빛|Hanbit', '새롬|Saerom', '다온|Daon', '푸른|Pureun', '한결|Hangyeol', '누리|Nuri', '가람|Garam', '세움|Seum'],
    patterns: [['stem-sector', 80], ['stem-only', 20]],
    and: '&',
  },
  vi: {
    sectors: ['Thương mại|Thuong Mai', 'Xây dựng|Xay Dung', 'Xuất nhập khẩu|Xuat Nhap Khau', 'Đầu tư|Dau Tu', 'Vận tải|Van Tai'],
    stems: ['Thành Công|Thanh Cong', 'Phú Thịnh|Phu Thinh', 'Hưng Phát|Hung Phat', 'Việt Tiến|Viet Tien', 'Sao Mai', 'Hồng Hà|Hong Ha', 'An Phát|An Phat'],
    patterns: [['stem-sector', 85], ['stem-only', 15]],
    and: '&',
  },
  in: {
    sectors: ['Infrastructure', 'Exports', 'Textiles', 'Pharmaceuticals', 'Software Solutions', 'Steel', 'Agro Industries', 'Enterprises', 'Gems & Jewellery', 'Chemicals'],
    stems: ['Shakti', 'Ganga', 'Sahyadri', 'Kaveri', 'Aravalli', 'Vindhya', 'Surya', 'Deccan', 'Indus Valley'],
    patterns: [['surname-sector', 45], ['stem-sector', 40], ['surname-sons', 15]],
    and: '&',
  },
  ng: {
    sectors: ['Holdings', 'Petroleum', 'Agro Ventures', 'Logistics', 'Oil & Gas Services', 'Construction', 'Properties', 'Global Concepts', 'Investments'],
    stems: ['Royal Crest', 'Golden Palm', 'Unity Ark', 'Apex Delta', 'Eagle Point', 'Savannah', 'Niger Bridge', 'Ogun Valley'],
    patterns: [['surname-sector', 45], ['stem-sector', 40], ['surname-sons', 15]],
    and: '&',
  },
};

export interface LegalForm {
  /** As written after the name in Latin documents. */
  latin: string;
  /** As written in the country's own script, when it differs. */
  native?: string;
  /** The legal form goes before the name (ООО «…»). */
  prefix?: boolean;
  /** English-language equivalent used in foreign paperwork. */
  english?: string;
}

const F = (latin: string, extra: Omit<LegalForm, 'latin'> = {}): LegalForm => ({ latin, ...extra });

// prettier-ignore
export const LEGAL_FORMS: Readonly<Record<string, Weighted<LegalForm>>> = {
  GB: [[F('Ltd'), 50], [F('Limited'), 30], [F('PLC'), 8], [F('LLP'), 12]],
  IE: [[F('Limited'), 60], [F('DAC'), 20], [F('PLC'), 20]],
  US: [[F('LLC'), 55], [F('Inc.'), 35], [F('Corp.'), 10]],
  CA: [[F('Inc.'), 60], [F('Ltd.'), 40]],
  AU: [[F('Pty Ltd'), 100]],
  DE: [[F('GmbH'), 60], [F('GmbH & Co. KG'), 15], [F('AG'), 10], [F('UG (haftungsbeschränkt)'), 8], [F('KG'), 7]],
  AT: [[F('GmbH'), 75], [F('AG'), 15], [F('KG'), 10]],
  CH: [[F('AG'), 50], [F('GmbH'), 30], [F('SA'), 15], [F('Sàrl'), 5]],
  LI: [[F('AG'), 50], [F('Anstalt'), 30], [F('Stiftung'), 20]],
  FR: [[F('SARL'), 40], [F('SAS'), 35], [F('SA'), 15], [F('EURL'), 10]],
  BE: [[F('SRL'), 45], [F('SA'), 25], [F('BV'), 20], [F('NV'), 10]],
  LU: [[F('S.à r.l.'), 55], [F('S.A.'), 35], [F('SCSp'), 10]],
  MC: [[F('SAM'), 60], [F('SARL'), 40]],
  NL: [[F('B.V.'), 85], [F('N.V.'), 15]],
  ES: [[F('S.L.'), 75], [F('S.A.'), 25]],
  PT: [[F('Lda.'), 75], [F('S.A.'), 25]],
  IT: [[F('S.r.l.'), 75], [F('S.p.A.'), 20], [F('S.a.s.'), 5]],
  MT: [[F('Ltd'), 100]],
  PL: [[F('Sp. z o.o.'), 80], [F('S.A.'), 20]],
  CZ: [[F('s.r.o.'), 80], [F('a.s.'), 20]],
  RU: [[F('OOO', { native: 'ООО', prefix: true, english: 'LLC' }), 75], [F('AO', { native: 'АО', prefix: true, english: 'JSC' }), 18], [F('PAO', { native: 'ПАО', prefix: true, english: 'PJSC' }), 7]],
  BY: [[F('OOO', { native: 'ООО', prefix: true, english: 'LLC' }), 100]],
  KZ: [[F('TOO', { native: 'ТОО', prefix: true, english: 'LLP' }), 100]],
  UA: [[F('TOV', { native: 'ТОВ', prefix: true, english: 'LLC' }), 100]],
  GR: [[F('S.A.', { native: 'Α.Ε.' }), 60], [F('Ltd', { native: 'Ε.Π.Ε.' }), 40]],
  CY: [[F('Ltd'), 100]],
  TR: [[F('A.Ş.', { english: 'Inc.' }), 50], [F('Ltd. Şti.', { english: 'Ltd.' }), 50]],
  IL: [[F('Ltd.', { native: 'בע״מ' }), 100]],
  AE: [[F('LLC'), 45], [F('FZE'), 20], [F('FZCO'), 15], [F('DMCC'), 20]],
  SA: [[F('LLC'), 70], [F('Company'), 30]],
  QA: [[F('W.L.L.'), 100]],
  EG: [[F('S.A.E.'), 60], [F('LLC'), 40]],
  JO: [[F('LLC'), 100]],
  LB: [[F('S.A.L.'), 100]],
  MA: [[F('SARL'), 70], [F('SA'), 30]],
  IQ: [[F('LLC'), 100]],
  SY: [[F('LLC'), 100]],
  YE: [[F('LLC'), 100]],
  CN: [[F('Co., Ltd.', { native: '有限公司' }), 100]],
  HK: [[F('Limited', { native: '有限公司' }), 100]],
  TW: [[F('Co., Ltd.', { native: '股份有限公司' }), 100]],
  SG: [[F('Pte. Ltd.'), 100]],
  JP: [[F('K.K.', { native: '株式会社', english: 'Co., Ltd.' }), 100]],
  KR: [[F('Co., Ltd.', { native: '주식회사', prefix: false }), 100]],
  VN: [[F('Co., Ltd.', { native: 'Công ty TNHH', prefix: true }), 70], [F('JSC', { native: 'Công ty Cổ phần', prefix: true }), 30]],
  IN: [[F('Pvt. Ltd.'), 75], [F('Ltd.'), 25]],
  NG: [[F('Ltd'), 80], [F('Plc'), 20]],
  GH: [[F('Ltd'), 100]],
  MX: [[F('S.A. de C.V.'), 100]],
  AR: [[F('S.A.'), 60], [F('S.R.L.'), 40]],
  CO: [[F('S.A.S.'), 100]],
  CL: [[F('SpA'), 60], [F('Ltda.'), 40]],
  PE: [[F('S.A.C.'), 100]],
  VE: [[F('C.A.'), 100]],
  BR: [[F('Ltda.'), 70], [F('S.A.'), 30]],
  VG: [[F('Ltd.'), 100]],
  KY: [[F('Ltd.'), 85], [F('SPC'), 15]],
  PA: [[F('S.A.'), 60], [F('Inc.'), 40]],
  SC: [[F('Ltd'), 100]],
  BZ: [[F('Ltd.'), 100]],
};

/** Names of holding vehicles registered offshore. */
// prettier-ignore
export const OFFSHORE_STEMS: readonly string[] = [
  'Blue Harbour', 'Silverline', 'Northstar', 'Oakridge', 'Crescent', 'Sapphire', 'Eastbridge',
  'Westwind', 'Coral Bay', 'Driftwood', 'Marlin', 'Pelican Point', 'Seabreeze', 'Halcyon',
  'Amberley', 'Bluewater', 'Cobalt Reef', 'Dovecote', 'Emerald Cay', 'Falcon Ridge', 'Goldcrest',
  'Harbourside', 'Ironwood', 'Juniper', 'Kingfisher', 'Lighthouse', 'Moonstone', 'Nightingale',
  'Obsidian', 'Palmetto', 'Quartz Hill', 'Riverstone', 'Saltmarsh', 'Tamarind', 'Umber', 'Vantage Point',
];

// prettier-ignore
export const OFFSHORE_SECTORS: readonly string[] = [
  'Holdings', 'Investments', 'Ventures', 'Capital', 'Assets', 'Trading', 'Group', 'Global',
  'Shipping', 'Resources', 'Commodities', 'Maritime', 'Finance', 'Consultants',
];
