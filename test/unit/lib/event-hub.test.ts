import { describe, expect, it } from 'vitest';
import { createEventHub } from '../../../main/lib/event-hub';

describe('event hub', () => {
  it('delivers events until the listener unsubscribes', () => {
    const hub = createEventHub(() => []);
    const seen: unknown[] = [];
    const unsubscribe = hub.subscribe((name, payload) => seen.push([name, payload]));
    hub.emit('profiles.changed', { activeProfileId: 'a' });
    unsubscribe();
    hub.emit('profiles.changed', { activeProfileId: 'b' });
    expect(seen).toEqual([['profiles.changed', { activeProfileId: 'a' }]]);
  });

  it('redacts known tokens from payloads', () => {
    const hub = createEventHub(() => ['secret-token-value']);
    const seen: unknown[] = [];
    hub.subscribe((_name, payload) => seen.push(payload));
    hub.emit('profiles.changed', { activeProfileId: 'secret-token-value' });
    expect(JSON.stringify(seen)).not.toContain('secret-token-value');
  });
});
