import type { Weighted } from '../rng';

export type CultureId =
  | 'en'
  | 'de'
  | 'fr'
  | 'es'
  | 'pt'
  | 'it'
  | 'nl'
  | 'pl'
  | 'ru'
  | 'el'
  | 'tr'
  | 'he'
  | 'ar'
  | 'zh'
  | 'ja'
  | 'ko'
  | 'vi'
  | 'in'
  | 'ng';

/**
 * How a culture fills the middle-name slot: a second given name, a Russian patronymic, the
 * father's given name (Arabic, Indian usage), a Vietnamese middle element, or nothing.
 */
export type MiddleStyle = 'given' | 'patronymic' | 'father' | 'vietnamese' | 'none';

/** How a woman's surname differs from a man's (Иванов → Иванова, Kowalski → Kowalska). */
export type SurnameGender = 'none' | 'slavic-east' | 'slavic-west' | 'greek';

export interface CultureData {
  id: CultureId;
  /** Nationalities of people of this culture, by frequency. */
  countries: Weighted<string>;
  /** Name entries (see parseForm), most frequent first: picks are skewed towards the head. */
  male: readonly string[];
  female: readonly string[];
  surnames: readonly string[];
  middle: MiddleStyle;
  /** Probability of a middle name when the style allows one. */
  middleRate: number;
  /** The family name comes first in the culture's own order (Chinese, Japanese, Korean, Vietnamese). */
  familyFirst: boolean;
  /** Two surnames (Spanish paternal + maternal, Portuguese maternal + paternal). */
  doubleSurname: boolean;
  surnameGender: SurnameGender;
  /** Middle elements for the Vietnamese style, by gender. */
  middleMale?: readonly string[];
  middleFemale?: readonly string[];
}
