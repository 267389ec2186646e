import type { AppInfo } from '../../preload/contract';
import type { DomainHandlers } from './handlers';

export function createAppHandlers(deps: {
  info: Omit<AppInfo, 'transport'>;
  /** Hands a validated link to the operating system; absent where the renderer opens it itself. */
  openExternal: ((url: string) => Promise<void>) | null;
}): DomainHandlers<'app'> {
  return {
    info: (_input, context) => ({ ...deps.info, transport: context.transport }),
    openExternal: async ({ url }) => {
      if (!deps.openExternal) return { handled: false, url };
      await deps.openExternal(url);
      return { handled: true, url };
    },
  };
}
