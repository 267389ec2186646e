// One customer, drawn from its own stream: who it is (a person or a firm, its culture and
// countries, its names), how it relates to customers onboarded shortly before, and whether it is
// in fact someone on the watchlist (a true hit).
import type { CustomerRecord, NameVariation } from '../../model';
import { MEMBER_COUNT } from '../agents';
import { ageAt, DAY, isoSeconds, officeHours, YEAR } from '../dates';
import {
  accountNumber,
  countryInfo,
  EXPAT_DOMICILES,
  type Lang,
  OFFSHORE_COUNTRIES,
  phoneNumber,
} from '../geo';
import type { CultureId } from '../names/culture-types';
import { drawFirm, type FirmName } from '../names/firm-names';
import { latinParts, type PersonName } from '../names/person-names';
import { registrationNumber } from '../names/registration';
import { type Rng, uuidFor } from '../rng';
import type { WatchlistProfile } from '../screening/watchlist';
import type { TenantContext } from '../tenant-context';
import {
  customerComment,
  firmEmails,
  firmFields,
  kycLevel,
  personEmails,
  personFields,
  reviewGroups,
  type Segment,
} from './customer-fields';
import { firmIdentity, personIdentity } from './identity';
import { firmNaming, personNaming } from './name-variations';
import type { Tie } from './relations';

export interface CustomerDraft {
  index: number;
  record: CustomerRecord;
  culture: CultureId;
  person: PersonName | null;
  firm: FirmName | null;
  segment: Segment;
  industry: string;
  createdMs: number;
  /** How many times the file was changed (revision_number). */
  revisions: number;
  lang: Lang;
  /** The watchlist profile this customer really is, for the few who are. */
  trueProfile: WatchlistProfile | null;
  ties: Tie[];
}

export function customerExternalId(index: number): string {
  return `CUS-${String(index + 1).padStart(6, '0')}`;
}

/** Customers are onboarded in index order over the tenant's history, busier in recent months. */
function onboardingTime(ctx: TenantContext, index: number, rng: Rng): number {
  const span = ctx.nowMs - ctx.startMs - DAY;
  const position = Math.pow((index + rng.next()) / Math.max(1, ctx.plan.customers), 0.9);
  const raw = ctx.startMs + position * span;
  const placed = rng.chance(0.6) ? officeHours(raw, rng) : raw;
  return Math.min(placed, ctx.nowMs - rng.int(1, 6) * 3600_000);
}

export function languageOf(nationality: string, domicile: string): Lang {
  const own = countryInfo(nationality).lang;
  return own !== 'en' ? own : countryInfo(domicile).lang;
}

function aliasIds(rng: Rng): string[] {
  const ids: string[] = [];
  if (rng.chance(0.2)) ids.push(`LEG-${rng.digits(8)}`);
  if (rng.chance(0.08)) ids.push(`CRD-${rng.digits(10)}`);
  return ids;
}

export function draftCustomer(
  ctx: TenantContext,
  index: number,
  window: readonly CustomerDraft[],
): CustomerDraft {
  const rng = ctx.root.fork(`customer:${index}`);
  const externalId = customerExternalId(index);
  const createdMs = onboardingTime(ctx, index, rng);
  const isFirm = rng.chance(0.25);
  const revisions = rng.weighted([
    [1, 30],
    [2, 25],
    [3, 20],
    [4, 12],
    [5, 8],
    [7, 5],
  ]);
  const base = {
    account_number: '',
    alias_ids: aliasIds(rng),
    client_id: String(ctx.clientId),
    comment: customerComment(rng),
    created_at: isoSeconds(createdMs),
    created_by: rng.chance(0.3) ? 0 : rng.int(1, MEMBER_COUNT),
    disabled: rng.chance(0.025),
    external_id: externalId,
    id: uuidFor(`${ctx.seed}:customer:${index}`),
    revision_number: String(revisions),
  };
  if (!isFirm) {
    const identity = personIdentity(ctx, rng, createdMs, window);
    const nationalities = [identity.nationality];
    if (rng.chance(0.08)) nationalities.push(rng.pick(EXPAT_DOMICILES));
    const domicile = rng.chance(0.72) ? identity.nationality : rng.pick(EXPAT_DOMICILES);
    const wealthy = identity.trueProfile !== null ? rng.chance(0.6) : rng.chance(0.07);
    const segment: Segment = wealthy ? 'private' : 'retail';
    const naming = personNaming(rng, identity.person, identity.married);
    const latin = latinParts(identity.person);
    const knownHighRisk = identity.trueProfile !== null && ctx.nowMs - createdMs > 30 * DAY;
    const groups = reviewGroups({
      firm: false,
      segment,
      domicile,
      nationalities: [...new Set(nationalities)],
      createdMs,
      nowMs: ctx.nowMs,
      knownHighRisk,
    });
    const record: CustomerRecord = {
      ...base,
      account_number: accountNumber(rng, domicile),
      account_type: { code: 'N', label: 'Individual' },
      company_name: '',
      contacts: personEmails(rng, latin.first_name, latin.last_name, domicile).join(','),
      custom_fields: personFields(
        rng,
        segment,
        domicile,
        ageAt(identity.dateOfBirth, createdMs) ?? 40,
        identity.trueProfile?.type.endsWith('PEP') === true && rng.chance(0.6),
      ),
      customer_type: 'individual',
      date_of_birth: identity.dateOfBirth,
      domicile_code: domicile,
      domicile_codes: [domicile],
      first_name: naming.primary.first_name,
      kyc_level: kycLevel(rng, segment, groups.includes('high-risk')),
      last_name: naming.primary.last_name,
      middle_name: naming.primary.middle_name,
      name_variations: naming.variations,
      nationality_code: identity.nationality,
      nationality_codes: [...new Set(nationalities)],
      parent_external_id: '',
      phone: phoneNumber(rng, domicile),
      registration_number: '',
      review_groups: groups,
      trading_name: '',
    };
    return {
      index,
      record,
      culture: identity.culture,
      person: identity.person,
      firm: null,
      segment,
      industry: '',
      createdMs,
      revisions,
      lang: languageOf(identity.nationality, domicile),
      trueProfile: identity.trueProfile,
      ties: identity.ties,
    };
  }
  const identity = firmIdentity(ctx, rng, window);
  const country = identity.firm.country;
  const domiciles = [country];
  if (OFFSHORE_COUNTRIES.includes(country) || rng.chance(0.1))
    domiciles.push(rng.pick(EXPAT_DOMICILES));
  const facts = firmFields(
    rng,
    identity.segment,
    identity.firm.core,
    createdMs - rng.int(0, 5) * YEAR,
  );
  const former = rng.chance(0.1) ? drawFirm(rng, identity.culture, country).companyName : null;
  const variations: NameVariation[] = firmNaming(rng, identity.firm, former);
  const knownHighRisk = identity.trueProfile !== null && ctx.nowMs - createdMs > 30 * DAY;
  const groups = reviewGroups({
    firm: true,
    segment: identity.segment,
    domicile: country,
    nationalities: [country],
    createdMs,
    nowMs: ctx.nowMs,
    knownHighRisk,
  });
  const record: CustomerRecord = {
    ...base,
    account_number: accountNumber(rng, domiciles[domiciles.length - 1] ?? country),
    account_type: { code: 'F', label: 'Firm' },
    company_name: identity.firm.companyName,
    contacts: firmEmails(rng, identity.firm.core).join(','),
    custom_fields: facts.fields,
    customer_type: 'company',
    date_of_birth: '',
    domicile_code: country,
    domicile_codes: [...new Set(domiciles)],
    first_name: '',
    kyc_level: kycLevel(rng, identity.segment, groups.includes('high-risk')),
    last_name: '',
    middle_name: '',
    name_variations: variations,
    nationality_code: country,
    nationality_codes: [country],
    parent_external_id: identity.parentExternalId,
    phone: phoneNumber(rng, country),
    registration_number: registrationNumber(rng, country),
    review_groups: groups,
    trading_name: identity.firm.tradingName,
  };
  return {
    index,
    record,
    culture: identity.culture,
    person: null,
    firm: identity.firm,
    segment: identity.segment,
    industry: facts.industry,
    createdMs,
    revisions,
    lang: languageOf(country, country),
    trueProfile: identity.trueProfile,
    ties: identity.ties,
  };
}
