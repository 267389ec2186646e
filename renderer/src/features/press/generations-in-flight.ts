import type { PressGenerateResult, PressSubjectInput } from '../../../../preload/contract';

// Generations this window started and the service has not answered yet. The dialog may close and
// its screen unmount while one runs (it goes on in main); opening the dialog again for the same
// subject shows it still running instead of offering to generate, and pay, a second time.

export interface GenerationInFlight {
  /** When it was started, ISO. */
  since: string;
  subject: PressSubjectInput;
  answer: Promise<PressGenerateResult>;
}

const flights = new Set<GenerationInFlight>();

const folded = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().toLowerCase();

/** The name asked for as comparable words: any case, accents, spacing and word order alike. */
function nameKey(subject: PressSubjectInput): string {
  const name =
    subject.name?.trim() ||
    [subject.firstName, subject.middleName, subject.lastName].filter(Boolean).join(' ').trim() ||
    subject.companyName?.trim() ||
    '';
  return (folded(name).match(/[\p{L}\p{N}]+/gu) ?? []).sort().join(' ');
}

/** Same customer, or, where either has none, the same name however typed. */
export function sameSubjectAsked(a: PressSubjectInput, b: PressSubjectInput): boolean {
  if (a.customerExternalId && b.customerExternalId)
    return a.customerExternalId === b.customerExternalId;
  const key = nameKey(a);
  return key.length > 0 && key === nameKey(b);
}

export function trackGeneration(
  subject: PressSubjectInput,
  answer: Promise<PressGenerateResult>,
  now: Date = new Date(),
): GenerationInFlight {
  const flight: GenerationInFlight = { since: now.toISOString(), subject, answer };
  flights.add(flight);
  const land = () => {
    flights.delete(flight);
  };
  answer.then(land, land);
  return flight;
}

/** The newest generation of this subject still waiting for its answer, if any. */
export function generationInFlight(subject: PressSubjectInput): GenerationInFlight | null {
  let found: GenerationInFlight | null = null;
  for (const flight of flights) if (sameSubjectAsked(flight.subject, subject)) found = flight;
  return found;
}
