import type { EventMap, EventName } from '../../preload/contract';
import { redactSecrets, type SecretSource } from './redactor';

export type EventListener = <E extends EventName>(name: E, payload: EventMap[E]) => void;

/** Events main pushes to whichever transports are listening (the window, browser tabs). */
export interface EventHub {
  emit<E extends EventName>(name: E, payload: EventMap[E]): void;
  subscribe(listener: EventListener): () => void;
}

export function createEventHub(secrets: SecretSource): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(name, payload) {
      const safe = redactSecrets(payload, secrets());
      for (const listener of [...listeners]) listener(name, safe);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
