// People's names: a culture's given name, middle name and surname(s) in every spelling the tenant
// records: the Latin one on file, the original script, other transliterations, nicknames.
import type { Rng } from '../rng';
import type { CultureId } from './culture-types';
import { type Culture, culture as cultureOf } from './cultures';
import { type NameForm, parseForm, stripDiacritics } from './name-form';
import { CYRILLIC_SCHEMES, cyrillicToLatin } from './transliterate';

export type Gender = 'M' | 'F';

export interface NameParts {
  first_name: string;
  middle_name: string;
  last_name: string;
}

export interface PersonName {
  culture: CultureId;
  gender: Gender;
  first: NameForm;
  middle: NameForm | null;
  /** One surname, or two (Spanish and Portuguese usage). */
  last: readonly NameForm[];
  /** The surname(s) before any feminine inflection, as relatives share them. */
  baseLast: readonly NameForm[];
}

/** Иван → Иванович / Ивановна; Сергей → Сергеевич; Юрий → Юрьевич; Илья → Ильич. */
function patronymic(father: string, gender: Gender): string {
  const female = gender === 'F';
  if (father === 'Илья') return female ? 'Ильинична' : 'Ильич';
  if (father === 'Никита') return female ? 'Никитична' : 'Никитич';
  if (father === 'Дмитрий') return female ? 'Дмитриевна' : 'Дмитриевич';
  if (father.endsWith('ий')) return father.slice(0, -2) + (female ? 'ьевна' : 'ьевич');
  if (father.endsWith('й') || father.endsWith('ь')) {
    return father.slice(0, -1) + (female ? 'евна' : 'евич');
  }
  return father + (female ? 'овна' : 'ович');
}

function feminineCyrillic(surname: string): string {
  if (/(ов|ев|ёв|ин|ын)$/.test(surname)) return surname + 'а';
  if (/(ий|ой|ый)$/.test(surname)) return surname.slice(0, -2) + 'ая';
  return surname;
}

function feminineLatinGreek(surname: string): string {
  return surname.replace(/os$/, 'ou').replace(/is$/, 'i').replace(/as$/, 'a');
}

function feminineNativeGreek(surname: string): string {
  const plain = surname.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  return plain.replace(/ος$/, 'ου').replace(/ης$/, 'η').replace(/ας$/, 'α');
}

/** A woman's form of a surname where the language inflects it. */
function feminineSurname(form: NameForm, source: Culture): NameForm {
  switch (source.surnameGender) {
    case 'slavic-east': {
      const cyrillic = form.native[0];
      return cyrillic === undefined ? form : parseForm(feminineCyrillic(cyrillic));
    }
    case 'slavic-west': {
      const inflect = (text: string) => text.replace(/(sk|ck|dzk)i$/, '$1a');
      return { latin: inflect(form.latin), variants: form.variants.map(inflect), native: [] };
    }
    case 'greek':
      return {
        latin: feminineLatinGreek(form.latin),
        variants: form.variants.map(feminineLatinGreek),
        native: form.native.map(feminineNativeGreek),
      };
    case 'none':
      return form;
  }
}

function middleFor(rng: Rng, source: Culture, gender: Gender, first: NameForm): NameForm | null {
  if (!rng.chance(source.middleRate)) return null;
  const given = gender === 'M' ? source.maleForms : source.femaleForms;
  switch (source.middle) {
    case 'none':
      return null;
    case 'given': {
      const second = rng.pickSkewed(given);
      return second.latin === first.latin ? null : second;
    }
    case 'father':
      return rng.pickSkewed(source.maleForms);
    case 'patronymic': {
      const father = rng.pickSkewed(source.maleForms).native[0];
      return father === undefined ? null : parseForm(patronymic(father, gender));
    }
    case 'vietnamese':
      return rng.pick(gender === 'M' ? source.middleMaleForms : source.middleFemaleForms);
  }
}

export function drawPerson(rng: Rng, cultureId: CultureId, gender?: Gender): PersonName {
  const source = cultureOf(cultureId);
  const sex: Gender = gender ?? (rng.chance(0.52) ? 'M' : 'F');
  const first = rng.pickSkewed(sex === 'M' ? source.maleForms : source.femaleForms, 0.6);
  const middle = middleFor(rng, source, sex, first);
  const surnames = [rng.pickSkewed(source.surnameForms, 0.6)];
  if (source.doubleSurname) {
    let second = rng.pickSkewed(source.surnameForms, 0.6);
    if (second.latin === surnames[0]?.latin) second = rng.pick(source.surnameForms);
    surnames.push(second);
  }
  const last = sex === 'F' ? surnames.map((form) => feminineSurname(form, source)) : surnames;
  return { culture: cultureId, gender: sex, first, middle, last, baseLast: surnames };
}

/** The same person's name with another surname (a spouse's, or a maiden name). */
export function withSurname(person: PersonName, surname: readonly NameForm[]): PersonName {
  const source = cultureOf(person.culture);
  const last =
    person.gender === 'F' ? surname.map((form) => feminineSurname(form, source)) : surname;
  return { ...person, last, baseLast: surname };
}

export function latinParts(person: PersonName): NameParts {
  return {
    first_name: person.first.latin,
    middle_name: person.middle?.latin ?? '',
    last_name: person.last.map((form) => form.latin).join(' '),
  };
}

/** The name in its own script, when every part has one (Иванов Сергей, 王伟, محمد الراشد). */
export function nativeParts(person: PersonName): NameParts | null {
  const first = person.first.native[0];
  const last = person.last.map((form) => form.native[0]);
  if (first === undefined || last.some((form) => form === undefined)) return null;
  const middle = person.middle === null ? '' : (person.middle.native[0] ?? person.middle.latin);
  return { first_name: first, middle_name: middle, last_name: last.join(' ') };
}

/** The traditional-character or second native spelling, when the culture has one (陳 for 陈). */
export function secondNativeParts(person: PersonName): NameParts | null {
  const hasSecond = [person.first, ...person.last].some((form) => form.native.length > 1);
  if (!hasSecond) return null;
  const native = (form: NameForm) => form.native[1] ?? form.native[0] ?? form.latin;
  return {
    first_name: native(person.first),
    middle_name: person.middle === null ? '' : native(person.middle),
    last_name: person.last.map(native).join(' '),
  };
}

/** Another Latin spelling of the whole name (Muhammad for Mohammed, Iwanow for Ivanov), if any. */
export function spellingVariant(rng: Rng, person: PersonName): NameParts | null {
  // A Cyrillic name is transliterated with one convention throughout a document.
  const scheme = person.culture === 'ru' ? rng.pick(CYRILLIC_SCHEMES.slice(1)) : null;
  const choose = (form: NameForm) => {
    const cyrillic = form.native[0];
    if (scheme !== null && cyrillic !== undefined) return cyrillicToLatin(cyrillic, scheme);
    return form.variants.length > 0 && rng.chance(0.75) ? rng.pick(form.variants) : form.latin;
  };
  const parts: NameParts = {
    first_name: choose(person.first),
    middle_name: person.middle === null ? '' : choose(person.middle),
    last_name: person.last.map(choose).join(' '),
  };
  const canonical = latinParts(person);
  const same =
    parts.first_name === canonical.first_name &&
    parts.middle_name === canonical.middle_name &&
    parts.last_name === canonical.last_name;
  return same ? null : parts;
}

/** The name as a system without diacritics records it (Wiśniewski → Wisniewski), if it differs. */
export function asciiParts(parts: NameParts): NameParts | null {
  const folded: NameParts = {
    first_name: stripDiacritics(parts.first_name),
    middle_name: stripDiacritics(parts.middle_name),
    last_name: stripDiacritics(parts.last_name),
  };
  const same =
    folded.first_name === parts.first_name &&
    folded.middle_name === parts.middle_name &&
    folded.last_name === parts.last_name;
  return same ? null : folded;
}

// prettier-ignore
const NICKNAMES: Readonly<Record<string, string>> = {
  William: 'Bill', Robert: 'Bob', Michael: 'Mike', James: 'Jim', Thomas: 'Tom', Elizabeth: 'Liz',
  Catherine: 'Kate', Alexander: 'Alex', Jonathan: 'Jon', Nicholas: 'Nick', Christopher: 'Chris',
  Daniel: 'Dan', Andrew: 'Andy', Edward: 'Ed', Richard: 'Rick', Joseph: 'Joe', Samuel: 'Sam',
  Benjamin: 'Ben', Patricia: 'Pat', Jennifer: 'Jenny', Rebecca: 'Becky', Deborah: 'Debbie',
  Margaret: 'Peggy', Johannes: 'Hans', Maximilian: 'Max', Giuseppe: 'Peppe', Francisco: 'Paco',
  José: 'Pepe', Alessandro: 'Sandro', Aleksandr: 'Sasha', Dmitry: 'Dima', Mikhail: 'Misha',
  Nikolay: 'Kolya', Vladimir: 'Volodya', Yekaterina: 'Katya', Ekaterina: 'Katya', Natalya: 'Natasha',
  Elena: 'Lena', Anastasiya: 'Nastya', Konstantinos: 'Kostas', Ioannis: 'Giannis', Abubakar: 'Abu',
  Chukwuemeka: 'Emeka', Oluwaseun: 'Seun', Babatunde: 'Tunde', Cornelis: 'Kees', Hendrik: 'Henk',
};

/** The name with the nickname the person goes by, when there is a usual one (Bill, Sasha). */
export function nicknameParts(person: PersonName): NameParts | null {
  const nickname = NICKNAMES[person.first.latin];
  if (nickname === undefined) return null;
  return { ...latinParts(person), first_name: nickname, middle_name: '' };
}

export function displayName(parts: NameParts): string {
  return [parts.first_name, parts.middle_name, parts.last_name].filter((part) => part).join(' ');
}
