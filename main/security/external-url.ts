import { ExternalUrl } from '../../preload/contract';

/** The only links CaseDesk hands to the operating system: https: without credentials, and mailto:. */
export function isSafeExternalUrl(value: string): boolean {
  return ExternalUrl.safeParse(value).success;
}
