import type { ProfileService } from '../session/profile-service';
import type { DomainHandlers } from './handlers';

export function createProfilesHandlers(profiles: ProfileService): DomainHandlers<'profiles'> {
  return {
    list: () => profiles.list(),
    save: (input) => profiles.save(input),
    remove: ({ id }) => profiles.remove(id),
    activate: ({ id }) => profiles.activate(id),
    testConnection: (input) => profiles.testConnection(input),
  };
}
