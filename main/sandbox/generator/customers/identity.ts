// Who a new customer is: a person (sometimes a relative of an earlier customer, rarely someone on
// the watchlist) or a firm (sometimes a subsidiary, an offshore vehicle or a firm an earlier
// customer owns), with the ties to earlier customers that follow.
import { birthDate } from '../dates';
import { EXPAT_DOMICILES, OFFSHORE_COUNTRIES } from '../geo';
import type { CultureId } from '../names/culture-types';
import { culture as cultureOf, CUSTOMER_CULTURES } from '../names/cultures';
import { drawFirm, drawOffshoreFirm, type FirmName, subsidiaryName } from '../names/firm-names';
import { drawPerson, type Gender, type PersonName, withSurname } from '../names/person-names';
import type { Rng } from '../rng';
import type { WatchlistProfile } from '../screening/watchlist';
import type { TenantContext } from '../tenant-context';
import type { CustomerDraft } from './customer-draft';
import type { Segment } from './customer-fields';
import type { Tie } from './relations';

/** Where spouses customarily share a surname. */
const SHARED_MARRIED_NAME: ReadonlySet<CultureId> = new Set<CultureId>([
  'en',
  'de',
  'fr',
  'nl',
  'pl',
  'ru',
  'el',
  'tr',
  'ng',
  'in',
  'ja',
  'it',
]);

function otherGender(gender: Gender): Gender {
  return gender === 'M' ? 'F' : 'M';
}

function completeBirthDate(rng: Rng, listed: string, createdMs: number): string {
  if (listed.length === 10) return listed;
  if (listed.length === 4)
    return `${listed}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  return birthDate(rng, createdMs, 25, 80);
}

function pickProfile(ctx: TenantContext, rng: Rng, entity: 'N' | 'F'): WatchlistProfile | null {
  for (let attempt = 0; attempt < 30 && ctx.watchlist.profiles.length > 0; attempt++) {
    const profile = rng.pick(ctx.watchlist.profiles);
    if (profile.entity === entity && (entity === 'F' ? profile.firm : profile.person))
      return profile;
  }
  return null;
}

function yearOf(date: string): number {
  return Number(date.slice(0, 4)) || 1980;
}

export interface Identity {
  culture: CultureId;
  nationality: string;
  dateOfBirth: string;
  person: PersonName;
  married: boolean;
  trueProfile: WatchlistProfile | null;
  ties: Tie[];
}

export function personIdentity(
  ctx: TenantContext,
  rng: Rng,
  createdMs: number,
  window: readonly CustomerDraft[],
): Identity {
  const roll = rng.next();
  const relatives = window.filter((draft) => draft.person !== null).slice(-200);
  if (roll < 0.02) {
    const profile = pickProfile(ctx, rng, 'N');
    if (profile?.person) {
      return {
        culture: profile.culture,
        nationality: profile.countries[0] ?? rng.weighted(cultureOf(profile.culture).countries),
        dateOfBirth: completeBirthDate(rng, profile.dateOfBirth, createdMs),
        person: profile.person,
        married: false,
        trueProfile: profile,
        ties: [],
      };
    }
  }
  const relative = roll < 0.1 && relatives.length > 0 ? rng.pick(relatives) : null;
  if (relative?.person) {
    const type = rng.weighted<1 | 2 | 3>([
      [1, 45],
      [2, 30],
      [3, 25],
    ]);
    const gender = type === 1 ? otherGender(relative.person.gender) : undefined;
    const drawn = drawPerson(rng, relative.culture, gender);
    const shares = type !== 1 || SHARED_MARRIED_NAME.has(relative.culture);
    const person = shares ? withSurname(drawn, relative.person.baseLast) : drawn;
    const relativeYear = yearOf(relative.record.date_of_birth);
    let year = relativeYear + rng.int(-6, 6);
    let newIsParent = false;
    if (type === 2) {
      year = relativeYear + rng.int(24, 36);
      if (new Date(createdMs).getUTCFullYear() - year < 18) {
        year = relativeYear - rng.int(24, 36);
        newIsParent = true;
      }
    }
    const maxYear = new Date(createdMs).getUTCFullYear() - 18;
    const dob = `${Math.min(year, maxYear)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
    return {
      culture: relative.culture,
      nationality: relative.record.nationality_codes[0] ?? 'DE',
      dateOfBirth: dob,
      person,
      married: type === 1 && person.gender === 'F' && shares,
      trueProfile: null,
      ties: [{ type, otherExternalId: relative.record.external_id, newIsParent }],
    };
  }
  const cultureId = rng.weighted(CUSTOMER_CULTURES);
  const person = drawPerson(rng, cultureId);
  const dateOfBirth = birthDate(rng, createdMs, 18, 88);
  const ties: Tie[] = [];
  const firms = window.filter((draft) => draft.firm !== null).slice(-150);
  if (firms.length > 0 && rng.chance(0.12)) {
    const firm = rng.pick(firms);
    const type = rng.weighted<4 | 5 | 8 | 10>([
      [4, 40],
      [5, 30],
      [8, 20],
      [10, 10],
    ]);
    ties.push({
      type,
      otherExternalId: firm.record.external_id,
      newIsParent: true,
      ...(type === 5 ? { share: rng.int(25, 100) } : {}),
    });
  }
  return {
    culture: cultureId,
    nationality: rng.weighted(cultureOf(cultureId).countries),
    dateOfBirth,
    person,
    married: person.gender === 'F' && rng.chance(0.45) && SHARED_MARRIED_NAME.has(cultureId),
    trueProfile: null,
    ties,
  };
}

export interface FirmIdentity {
  culture: CultureId;
  firm: FirmName;
  segment: Segment;
  parentExternalId: string;
  trueProfile: WatchlistProfile | null;
  ties: Tie[];
}

export function firmIdentity(
  ctx: TenantContext,
  rng: Rng,
  window: readonly CustomerDraft[],
): FirmIdentity {
  const roll = rng.next();
  // Subsidiaries hang under operating firms, not under other subsidiaries or holding vehicles.
  const firms = window
    .filter(
      (draft) =>
        draft.firm !== null &&
        draft.record.parent_external_id === '' &&
        draft.segment !== 'holding',
    )
    .slice(-150);
  const people = window.filter((draft) => draft.person !== null).slice(-150);
  if (roll < 0.008) {
    const profile = pickProfile(ctx, rng, 'F');
    if (profile?.firm) {
      return {
        culture: profile.culture,
        firm: profile.firm,
        segment: 'sme',
        parentExternalId: '',
        trueProfile: profile,
        ties: [],
      };
    }
  }
  const parent = roll < 0.12 && firms.length > 0 ? rng.pick(firms) : null;
  if (parent?.firm) {
    const country = rng.pick(EXPAT_DOMICILES.filter((code) => code !== parent.firm?.country));
    return {
      culture: parent.culture,
      firm: subsidiaryName(rng, parent.firm, country),
      segment: 'corporate',
      parentExternalId: parent.record.external_id,
      trueProfile: null,
      ties: [
        {
          type: 7,
          otherExternalId: parent.record.external_id,
          newIsParent: false,
          share: rng.pick([51, 75, 100, 100]),
        },
      ],
    };
  }
  const owner = people.length > 0 && roll < 0.45 ? rng.pick(people) : null;
  if (roll < 0.2) {
    const ties: Tie[] = owner
      ? [{ type: 5, otherExternalId: owner.record.external_id, newIsParent: false, share: 100 }]
      : [];
    return {
      culture: 'en',
      firm: drawOffshoreFirm(rng, rng.pick(OFFSHORE_COUNTRIES)),
      segment: 'holding',
      parentExternalId: '',
      trueProfile: null,
      ties,
    };
  }
  if (owner?.person) {
    const country =
      owner.record.domicile_codes[0] ?? rng.weighted(cultureOf(owner.culture).countries);
    const type = rng.weighted<4 | 5 | 6>([
      [4, 35],
      [5, 45],
      [6, 20],
    ]);
    return {
      culture: owner.culture,
      firm: drawFirm(rng, owner.culture, country, owner.person.baseLast[0] ?? null),
      segment: 'sme',
      parentExternalId: '',
      trueProfile: null,
      ties: [
        {
          type,
          otherExternalId: owner.record.external_id,
          newIsParent: false,
          ...(type === 4 ? {} : { share: rng.int(10, 100) }),
        },
      ],
    };
  }
  const cultureId = rng.weighted(CUSTOMER_CULTURES);
  const country = rng.weighted(cultureOf(cultureId).countries);
  const segment: Segment = rng.chance(0.55) ? 'sme' : 'corporate';
  return {
    culture: cultureId,
    firm: drawFirm(rng, cultureId, country),
    segment,
    parentExternalId: '',
    trueProfile: null,
    ties: [],
  };
}
