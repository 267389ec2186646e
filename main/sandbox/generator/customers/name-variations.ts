// The name variations a customer file carries: the name in its own script, other
// transliterations, a name without diacritics, a nickname, a maiden name, a swapped name order.
import type { NameVariation } from '../../model';
import { culture as cultureOf } from '../names/cultures';
import { type FirmName, firmVariations } from '../names/firm-names';
import {
  asciiParts,
  drawPerson,
  latinParts,
  type NameParts,
  nativeParts,
  nicknameParts,
  type PersonName,
  secondNativeParts,
  spellingVariant,
} from '../names/person-names';
import type { Rng } from '../rng';

const MAX_VARIATIONS = 4;

function asVariation(parts: NameParts): NameVariation {
  return { ...parts, company_name: '', trading_name: '' };
}

function key(parts: NameVariation): string {
  return [parts.first_name, parts.middle_name, parts.last_name, parts.company_name].join('|');
}

export interface PersonNaming {
  primary: NameParts;
  variations: NameVariation[];
}

/**
 * The name on file and its variations. Now and then the file holds the original script as its
 * primary name (entered from a local document) and the Latin spelling as a variation.
 */
export function personNaming(rng: Rng, person: PersonName, married: boolean): PersonNaming {
  const latin = latinParts(person);
  const native = nativeParts(person);
  const nativePrimary = native !== null && rng.chance(0.12);
  const primary = nativePrimary ? native : latin;
  const candidates: NameParts[] = [];
  if (nativePrimary) candidates.push(latin);
  else if (native && rng.chance(0.7)) candidates.push(native);
  const second = secondNativeParts(person);
  if (second && rng.chance(0.2)) candidates.push(second);
  const spelling = rng.chance(0.45) ? spellingVariant(rng, person) : null;
  if (spelling) candidates.push(spelling);
  const ascii = asciiParts(latin);
  if (ascii && rng.chance(0.5)) candidates.push(ascii);
  const nickname = nicknameParts(person);
  if (nickname && rng.chance(0.3)) candidates.push(nickname);
  if (married && rng.chance(0.5)) {
    const maiden = drawPerson(rng, person.culture, person.gender);
    candidates.push({ ...latin, last_name: latinParts(maiden).last_name });
  }
  if (cultureOf(person.culture).familyFirst && rng.chance(0.12)) {
    candidates.push({ first_name: latin.last_name, middle_name: '', last_name: latin.first_name });
  }
  const seen = new Set([key(asVariation(primary))]);
  const variations: NameVariation[] = [];
  for (const parts of candidates) {
    const variation = asVariation(parts);
    if (seen.has(key(variation)) || variations.length >= MAX_VARIATIONS) continue;
    seen.add(key(variation));
    variations.push(variation);
  }
  return { primary, variations };
}

/** A firm's other names: its own script, English name, diacritic-free spelling, former name. */
export function firmNaming(rng: Rng, firm: FirmName, formerName: string | null): NameVariation[] {
  const variations: NameVariation[] = firmVariations(rng, firm).map((variation) => ({
    first_name: '',
    middle_name: '',
    last_name: '',
    ...variation,
  }));
  if (formerName !== null) {
    variations.push({
      first_name: '',
      middle_name: '',
      last_name: '',
      company_name: formerName,
      trading_name: '',
    });
  }
  return variations.slice(0, MAX_VARIATIONS);
}
