import type { ProfileView, SyncStatusView } from '../../../../preload/contract';
import { movesOrigin, originOf } from './token-origin';

/**
 * Whether the service refused this profile's stored token: main's sync status names the open
 * profile and says so (the same facts the frame's "was refused" notice is made of).
 */
export function tokenRefusedFor(status: SyncStatusView | null, profileId: string): boolean {
  return status?.profileId === profileId && status.connectivity === 'token_refused';
}

/** What the token field says under it: whether the stored token is kept, and when it is not. */
export function tokenHint(input: {
  profile: ProfileView | null;
  /** The base URL as edited in the form. */
  baseUrl: string;
  tokenRefused: boolean;
}): string {
  const { profile } = input;
  if (!profile) return 'From your administrator or the service’s back office.';
  // A stored token is only sent to the origin it was entered for: a new origin needs a new token.
  if (movesOrigin(profile.baseUrl, input.baseUrl))
    return `Required: the stored token is only ever sent to ${originOf(profile.baseUrl) ?? profile.baseUrl}. Enter the token for the new address.`;
  if (!profile.hasToken) return 'No token is kept for this profile any more. Enter it again.';
  if (input.tokenRefused)
    return 'The stored token was refused by the service: nothing more is sent with it. Enter a new token to sync again.';
  return 'A token is stored. Leave empty to keep it.';
}
