import type { SyncStatusView } from '../../../../preload/contract';

/** What the frame says while the open profile's token may not be sent, or null. */
export interface TokenNoticeText {
  kind: 'refused' | 'missing';
  profileId: string;
  title: string;
  body: string;
  action: string;
}

export function tokenNotice(status: SyncStatusView | null): TokenNoticeText | null {
  if (!status?.profileId) return null;
  const profile = status.profileName ?? 'this profile';
  if (status.connectivity === 'token_refused')
    return {
      kind: 'refused',
      profileId: status.profileId,
      title: `The token for ${profile} was refused — enter a new one`,
      body:
        'Nothing more is sent with it. The cache stays readable offline; syncing waits, and ' +
        'changes wait in the outbox until a new token works.',
      action: 'Enter a new token',
    };
  if (status.connectivity === 'token_missing') {
    // Where the token goes: after a move to another address it must be one for the new service.
    const needed = status.profileOrigin
      ? `a token for ${status.profileOrigin} is needed`
      : 'a token is needed';
    return {
      kind: 'missing',
      profileId: status.profileId,
      title: `No token for ${profile} in this run — enter the token to sync`,
      body:
        `To sync, ${needed}: a token kept in memory only is gone once CaseDesk closes, and one ` +
        'is asked again when the profile moves to another address. The cache is shown as last ' +
        'synced; changes wait in the outbox until the token is entered.',
      action: 'Enter the token',
    };
  }
  return null;
}
