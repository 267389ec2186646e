// Screening of one subject against the watchlist: candidates by blocking, a name score per
// candidate name, then date-of-birth and country evidence that raises or lowers it.
import type { ScreeningMatch, ScreeningSubject } from '../index';
import { nameSimilarity } from './name-score';
import type { WatchlistName, WatchlistProfile } from './watchlist';
import { distinctKeys, tokensOf, type WatchlistIndex } from './watchlist-index';

/** Scores below this are not reported (the tenant's screening threshold). */
export const SCORE_THRESHOLD = 55;
/**
 * A name score (0..1) below this is not a candidate whatever the other evidence. Firms need more:
 * their names share generic words, and one shared word of two is not a lead.
 */
const NAME_FLOOR = { N: 0.5, F: 0.72 } as const;
/** At most this many matches per subject, best first (a very common name would flood the queue). */
export const MAX_MATCHES_PER_SUBJECT = 50;

interface SubjectName {
  display: string;
  tokens: number[];
}

interface Candidate {
  similarity: number;
  subjectName: string;
  profileName: WatchlistName;
}

function display(parts: {
  first_name: string;
  middle_name: string;
  last_name: string;
  company_name: string;
}): string {
  if (parts.company_name) return parts.company_name;
  return [parts.first_name, parts.middle_name, parts.last_name].filter((part) => part).join(' ');
}

function subjectNames(index: WatchlistIndex, subject: ScreeningSubject): SubjectName[] {
  const firm = subject.account_type === 'F';
  const all = [
    subject,
    ...subject.name_variations,
    ...(firm && subject.trading_name ? [{ ...subject, company_name: subject.trading_name }] : []),
    ...subject.name_variations
      .filter((variation) => firm && variation.trading_name)
      .map((variation) => ({ ...variation, company_name: variation.trading_name })),
  ];
  const out: SubjectName[] = [];
  const seen = new Set<string>();
  for (const parts of all) {
    const tokens = tokensOf(index.tokens, parts, firm);
    const signature = tokens
      .slice()
      .sort((a, b) => a - b)
      .join(',');
    if (tokens.length === 0 || seen.has(signature)) continue;
    seen.add(signature);
    out.push({ display: display(parts), tokens });
  }
  return out;
}

function candidates(index: WatchlistIndex, subject: ScreeningSubject): Map<number, Candidate> {
  const best = new Map<number, Candidate>();
  const postings = index.postings[subject.account_type === 'F' ? 'F' : 'N'];
  for (const name of subjectNames(index, subject)) {
    const keys = distinctKeys(index.tokens, name.tokens);
    const touched: number[] = [];
    for (const key of keys) {
      for (const id of postings.get(key) ?? []) {
        if (index.hits[id] === 0) touched.push(id);
        index.hits[id] = (index.hits[id] ?? 0) + 1;
      }
    }
    for (const id of touched) {
      const hits = index.hits[id] ?? 0;
      index.hits[id] = 0;
      const entry = index.names[id];
      if (!entry || hits < Math.min(2, keys.length, entry.keyCount)) continue;
      const similarity = nameSimilarity(
        index.tokens,
        name.tokens,
        entry.tokens,
        subject.account_type === 'N',
      );
      if (similarity < NAME_FLOOR[subject.account_type]) continue;
      const current = best.get(entry.profile);
      const profileName = index.profiles[entry.profile]?.names[entry.name];
      if (profileName && (!current || similarity > current.similarity)) {
        best.set(entry.profile, { similarity, subjectName: name.display, profileName });
      }
    }
  }
  return best;
}

interface Evidence {
  adjustment: number;
  notes: string[];
}

function birthEvidence(subjectDob: string, profileDob: string): Evidence {
  const subjectYear = Number(subjectDob.slice(0, 4));
  const profileYear = Number(profileDob.slice(0, 4));
  if (!subjectYear || !profileYear)
    return { adjustment: 0, notes: ['no date of birth to compare'] };
  if (profileDob.length === 10 && subjectDob === profileDob) {
    return { adjustment: 10, notes: [`date of birth ${profileDob} identical`] };
  }
  const gap = Math.abs(subjectYear - profileYear);
  if (gap === 0) return { adjustment: 6, notes: [`year of birth ${profileYear} matches`] };
  if (gap <= 2)
    return { adjustment: 0, notes: [`year of birth ${profileYear} close to ${subjectYear}`] };
  const adjustment = gap <= 5 ? -8 : gap <= 15 ? -15 : -25;
  return {
    adjustment,
    notes: [`year of birth ${profileYear} differs from ${subjectYear} by ${gap} years`],
  };
}

function countryEvidence(subject: ScreeningSubject, profile: WatchlistProfile): Evidence {
  const mine = new Set([...subject.nationality_codes, ...subject.domicile_codes]);
  if (mine.size === 0 || profile.countries.length === 0) return { adjustment: 0, notes: [] };
  const shared = profile.countries.filter((code) => mine.has(code));
  if (shared.length > 0)
    return { adjustment: 6, notes: [`country ${shared.join(', ')} in common`] };
  return {
    adjustment: -6,
    notes: [`no country in common (list: ${profile.countries.join(', ')})`],
  };
}

/** Screens a subject against an indexed watchlist; best matches first. */
export function screenAgainst(index: WatchlistIndex, subject: ScreeningSubject): ScreeningMatch[] {
  const matches: ScreeningMatch[] = [];
  for (const [profileIndex, candidate] of candidates(index, subject)) {
    const profile = index.profiles[profileIndex];
    if (!profile) continue;
    const birth =
      subject.account_type === 'N'
        ? birthEvidence(subject.date_of_birth, profile.dateOfBirth)
        : { adjustment: 0, notes: [] };
    const country = countryEvidence(subject, profile);
    const nameScore = Math.round(candidate.similarity * 100);
    const score = Math.max(0, Math.min(100, nameScore + birth.adjustment + country.adjustment));
    if (score < SCORE_THRESHOLD) continue;
    const listed = display(candidate.profileName);
    const explanation =
      `Name "${candidate.subjectName}" matches "${listed}" (${candidate.profileName.label}) at ${nameScore}%; ` +
      [...birth.notes, ...country.notes].join('; ') +
      `. ${profile.type}: ${profile.role}${profile.listName ? ` [${profile.listName}]` : ''}.`;
    matches.push({
      profileNumber: profile.profileNumber,
      score,
      topCategory: profile.type,
      sanctionListId: profile.listId,
      sanctionListName: profile.listName,
      explanation,
    });
  }
  matches.sort((a, b) => b.score - a.score || a.profileNumber.localeCompare(b.profileNumber));
  return matches.slice(0, MAX_MATCHES_PER_SUBJECT);
}
