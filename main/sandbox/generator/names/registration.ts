// Company registration numbers in each register's usual layout (check digits are not computed:
// the layouts are what an analyst recognises, the numbers are made up).
import type { Rng } from '../rng';

type Layout = (rng: Rng) => string;

// prettier-ignore
const LAYOUTS: Readonly<Record<string, Layout>> = {
  GB: (r) => (r.chance(0.85) ? r.digits(8).replace(/^./, '0') : `SC${r.digits(6)}`),
  IE: (r) => r.digits(6),
  US: (r) => `${r.digits(2)}-${r.digits(7)}`,
  CA: (r) => `${r.digits(9)}RC0001`,
  AU: (r) => `${r.digits(3)} ${r.digits(3)} ${r.digits(3)}`,
  DE: (r) => `HRB ${r.int(1000, 299999)}`,
  AT: (r) => `FN ${r.int(10000, 599999)}${r.letters(1, 'abdfghimpstvwxyz')}`,
  CH: (r) => `CHE-${r.digits(3)}.${r.digits(3)}.${r.digits(3)}`,
  LI: (r) => `FL-0002.${r.digits(3)}.${r.digits(3)}-${r.digits(1)}`,
  FR: (r) => `${r.int(300, 999)} ${r.digits(3)} ${r.digits(3)}`,
  BE: (r) => `0${r.digits(3)}.${r.digits(3)}.${r.digits(3)}`,
  LU: (r) => `B${r.int(10000, 289999)}`,
  MC: (r) => `${r.digits(2)}S${r.digits(5)}`,
  NL: (r) => r.digits(8),
  ES: (r) => `${r.pick(['A', 'B'])}${r.digits(8)}`,
  PT: (r) => `5${r.digits(8)}`,
  IT: (r) => r.digits(11),
  MT: (r) => `C ${r.int(10000, 99999)}`,
  PL: (r) => `0000${r.digits(6)}`,
  CZ: (r) => r.digits(8),
  RU: (r) => `${r.pick(['1', '5'])}${r.digits(12)}`,
  BY: (r) => r.digits(9),
  KZ: (r) => r.digits(12),
  UA: (r) => r.digits(8),
  GR: (r) => r.digits(12),
  CY: (r) => `HE ${r.int(100000, 459999)}`,
  TR: (r) => r.digits(16),
  IL: (r) => `51-${r.digits(6)}-${r.digits(1)}`,
  AE: (r) => (r.chance(0.5) ? `CN-${r.digits(7)}` : `DMCC-${r.digits(6)}`),
  SA: (r) => `10${r.digits(8)}`,
  QA: (r) => r.digits(6),
  EG: (r) => r.digits(6),
  CN: (r) => `91${r.digits(6)}${r.letters(9, '0123456789ABCDEFGHJKLMNPQRTUWXY')}${r.letters(1, '0123456789ABCDEFGHJKLMNPQRTUWXY')}`,
  HK: (r) => r.digits(8),
  TW: (r) => r.digits(8),
  SG: (r) => `${r.int(1995, 2024)}${r.digits(5)}${r.letters(1)}`,
  JP: (r) => r.digits(13),
  KR: (r) => `${r.digits(3)}-${r.digits(2)}-${r.digits(5)}`,
  VN: (r) => `0${r.digits(9)}`,
  IN: (r) => `U${r.digits(5)}${r.pick(['MH', 'DL', 'KA', 'TN', 'GJ', 'WB'])}${r.int(1995, 2023)}PTC${r.digits(6)}`,
  NG: (r) => `RC ${r.int(100000, 1999999)}`,
  MX: (r) => `${r.letters(3)}${r.digits(6)}${r.letters(3, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}`,
  BR: (r) => `${r.digits(2)}.${r.digits(3)}.${r.digits(3)}/0001-${r.digits(2)}`,
  AR: (r) => `30-${r.digits(8)}-${r.digits(1)}`,
  VG: (r) => r.digits(7),
  KY: (r) => `CR-${r.digits(6)}`,
  PA: (r) => `${r.int(100000, 999999)}-1-${r.digits(6)}`,
  SC: (r) => r.digits(6),
  BZ: (r) => r.digits(6),
};

export function registrationNumber(rng: Rng, country: string): string {
  const layout = LAYOUTS[country];
  return layout ? layout(rng) : `${country}-${rng.digits(8)}`;
}
