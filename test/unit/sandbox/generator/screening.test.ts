import { describe, expect, it } from 'vitest';
import {
  screenSubject,
  SCORE_THRESHOLD,
  type ScreeningSubject,
} from '../../../../main/sandbox/generator';
import { cyrillicToLatin } from '../../../../main/sandbox/generator/names/transliterate';
import { jaroWinkler } from '../../../../main/sandbox/generator/screening/jaro-winkler';
import { nameTokens } from '../../../../main/sandbox/generator/screening/normalize';
import { phoneticKey } from '../../../../main/sandbox/generator/screening/phonetic';
import {
  watchlistProfile,
  type WatchlistProfile,
} from '../../../../main/sandbox/generator/screening/watchlist';

const SEED = 2024;

function findProfile(test: (profile: WatchlistProfile) => boolean): WatchlistProfile {
  for (let i = 0; i < 20_000; i++) {
    const profile = watchlistProfile(SEED, i);
    if (test(profile)) return profile;
  }
  throw new Error('no such profile');
}

const fullPerson = (culture: string, needMiddle = false) => (p: WatchlistProfile) =>
  p.entity === 'N' && p.culture === culture && p.dateOfBirth.length === 10 && p.person !== null && (!needMiddle || p.person.middle !== null); // prettier-ignore

function subjectOf(
  profile: WatchlistProfile,
  change: Partial<ScreeningSubject> = {},
): ScreeningSubject {
  const name = profile.names[0];
  return {
    external_id: 'TEST-1',
    account_type: profile.entity,
    first_name: name?.first_name ?? '',
    middle_name: name?.middle_name ?? '',
    last_name: name?.last_name ?? '',
    company_name: name?.company_name ?? '',
    trading_name: '',
    date_of_birth: profile.dateOfBirth,
    nationality_codes: profile.countries.slice(0, 1),
    domicile_codes: profile.countries.slice(0, 1),
    name_variations: [],
    ...change,
  };
}

function scoreFor(profile: WatchlistProfile, subject: ScreeningSubject): number {
  return screenSubject(SEED, subject).find((match) => match.profileNumber === profile.profileNumber)?.score ?? 0; // prettier-ignore
}

describe('name normalisation', () => {
  it('reads every script as Latin tokens without diacritics, particles or legal forms', () => {
    expect(nameTokens('Иванов Сергей', false)).toEqual(['ivanov', 'sergey']);
    expect(nameTokens('王伟', false)).toEqual(['wang', 'wei']);
    expect(nameTokens('عبد الله الراشد', false)).toEqual(['abdullah', 'rashid']);
    expect(nameTokens('Müller Logistik GmbH & Co. KG', true)).toEqual(['muller', 'logistik']);
    expect(nameTokens('ООО «Стройинвест»', true)).toEqual(['stroyinvest']);
    expect(nameTokens("Seán O'Brien", false)).toEqual(['sean', 'obrien']);
    expect(nameTokens('Jean-Pierre de La Fontaine', false)).toEqual(['jeanpierre', 'fontaine']);
    expect(nameTokens('Mohamed al-Hashimi', false)).toEqual(
      nameTokens('Muhammad Al Hashimi', false),
    );
    expect(nameTokens('김민준', false)).toEqual(['kim', 'minjun']);
  });

  it('gives sound-alike spellings one blocking key', () => {
    expect(phoneticKey('mueller')).toBe(phoneticKey('muller'));
    expect(phoneticKey('ivanov')).toBe(phoneticKey('iwanow'));
    expect(phoneticKey('tschechow')).toBe(phoneticKey('chekhov'));
    expect(phoneticKey('tsvetkov')).toBe(phoneticKey('zwetkow'));
  });

  it('computes Jaro-Winkler like the reference examples', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });
});

describe('screenSubject', () => {
  it('scores an exact name with the same date of birth and country near 100', () => {
    const profile = findProfile(fullPerson('de'));
    const [best] = screenSubject(SEED, subjectOf(profile));
    expect(best?.profileNumber).toBe(profile.profileNumber);
    expect(best?.score).toBeGreaterThanOrEqual(95);
    expect(best?.topCategory).toBe(profile.type);
    expect(best?.explanation).toContain(profile.role);
  });

  it('matches across transliterations and scripts', () => {
    const russian = findProfile(fullPerson('ru'));
    const german = (form: { native: readonly string[]; latin: string }) => cyrillicToLatin(form.native[0] ?? form.latin, 'de'); // prettier-ignore
    const person = russian.person;
    if (!person) throw new Error('person profile expected');
    const transliterated = subjectOf(russian, {
      first_name: german(person.first),
      middle_name: person.middle ? german(person.middle) : '',
      last_name: person.last.map(german).join(' '),
    });
    expect(scoreFor(russian, transliterated)).toBeGreaterThanOrEqual(80);
    const cyrillic = russian.names.find((name) => name.label === 'original script');
    expect(cyrillic).toBeDefined();
    expect(scoreFor(russian, subjectOf(russian, { ...cyrillic, name_variations: [] }))).toBeGreaterThanOrEqual(90); // prettier-ignore

    const chinese = findProfile(fullPerson('zh'));
    const hanzi = chinese.names.find((name) => name.label === 'original script');
    expect(scoreFor(chinese, subjectOf(chinese, { first_name: hanzi?.first_name ?? '', last_name: hanzi?.last_name ?? '' }))).toBeGreaterThanOrEqual(90); // prettier-ignore

    const arabic = findProfile((p) => fullPerson('ar')(p) && /Mohammed|Ahmed|Hussein|Youssef/.test(p.names[0]?.first_name ?? '')); // prettier-ignore
    const respelled = (arabic.names[0]?.first_name ?? '').replace('Mohammed', 'Muhammad').replace('Ahmed', 'Ahmad').replace('Hussein', 'Husayn').replace('Youssef', 'Yusuf'); // prettier-ignore
    expect(scoreFor(arabic, subjectOf(arabic, { first_name: respelled }))).toBeGreaterThanOrEqual(
      90,
    );
  });

  it('matches reordered names and names without the middle name', () => {
    const profile = findProfile(fullPerson('ru', true));
    const name = profile.names[0];
    const exact = scoreFor(profile, subjectOf(profile));
    const reordered = scoreFor(profile, subjectOf(profile, { first_name: name?.last_name ?? '', last_name: name?.first_name ?? '' })); // prettier-ignore
    const noMiddle = scoreFor(profile, subjectOf(profile, { middle_name: '' }));
    expect(reordered).toBeGreaterThanOrEqual(90);
    expect(noMiddle).toBeGreaterThanOrEqual(85);
    expect(noMiddle).toBeLessThanOrEqual(exact);
  });

  it('finds nothing for an unrelated name', () => {
    const profile = findProfile(fullPerson('en'));
    expect(screenSubject(SEED, subjectOf(profile, { first_name: 'Quillon', middle_name: '', last_name: 'Zyxbrandt' }))).toEqual([]); // prettier-ignore
  });

  // Without the middle name the name scores 94, so the other evidence moves the score visibly.
  it('raises the score for a matching date of birth and lowers it for a distant one', () => {
    const profile = findProfile(fullPerson('ru', true));
    const year = Number(profile.dateOfBirth.slice(0, 4));
    const base = { middle_name: '', nationality_codes: [], domicile_codes: [] };
    const otherDay = profile.dateOfBirth.endsWith('-01') ? `${year}-12-31` : `${year}-01-01`;
    const same = scoreFor(profile, subjectOf(profile, base));
    const sameYear = scoreFor(profile, subjectOf(profile, { ...base, date_of_birth: otherDay }));
    const farOff = scoreFor(
      profile,
      subjectOf(profile, { ...base, date_of_birth: `${year - 20}-06-15` }),
    );
    const unknown = scoreFor(profile, subjectOf(profile, { ...base, date_of_birth: '' }));
    expect(unknown).toBe(94);
    expect(same).toBeGreaterThanOrEqual(sameYear);
    expect(sameYear).toBeGreaterThan(unknown);
    expect(farOff).toBeLessThan(unknown - 15);
  });

  it('raises the score for a shared country and lowers it without one', () => {
    const profile = findProfile(fullPerson('de', true));
    const base = { middle_name: '', date_of_birth: '' };
    const shared = scoreFor(profile, subjectOf(profile, base));
    const foreign = scoreFor(profile, subjectOf(profile, { ...base, nationality_codes: ['JP'], domicile_codes: ['JP'] })); // prettier-ignore
    const none = scoreFor(profile, subjectOf(profile, { ...base, nationality_codes: [], domicile_codes: [] })); // prettier-ignore
    expect(shared).toBeGreaterThan(none);
    expect(foreign).toBeLessThan(none);
  });

  it('matches firms whatever their legal form, and never a person against a firm', () => {
    const entity = findProfile(
      (p) => p.entity === 'F' && p.firm !== null && p.firm.culture === 'de',
    );
    const core = entity.firm?.core ?? '';
    const subject = subjectOf(entity, {
      company_name: `${core} Ltd`,
      nationality_codes: [],
      domicile_codes: [],
    });
    expect(scoreFor(entity, subject)).toBeGreaterThanOrEqual(90);
    expect(
      scoreFor(entity, { ...subject, account_type: 'N', first_name: core, company_name: '' }),
    ).toBe(0);
  });

  it('reports nothing below the threshold and is deterministic', () => {
    const profile = findProfile(fullPerson('es'));
    const subject = subjectOf(profile, { name_variations: [] });
    const matches = screenSubject(SEED, subject);
    expect(matches.every((match) => match.score >= SCORE_THRESHOLD && match.score <= 100)).toBe(
      true,
    );
    expect(screenSubject(SEED, subject)).toEqual(matches);
  });
});
