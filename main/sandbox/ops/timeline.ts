import type { CustomerEvent } from '../model';
import type { OpContext } from './common';

/** Operations that change a customer leave a timeline event, as the service's own history does. */
export function createTimelineWriter(context: OpContext) {
  return {
    write(
      customerExternalId: string,
      eventType: string,
      title: string,
      description: string,
      at: Date,
      url = '',
    ): CustomerEvent {
      const event: CustomerEvent = {
        AgentID: 0,
        ClientID: 1,
        CreatedAt: at.toISOString(),
        CustomerExternalID: customerExternalId,
        Description: description,
        EventType: eventType,
        ID: context.newId('evt'),
        ParentID: '',
        Title: title,
        Url: url,
      };
      context.store.putEvent(event);
      return event;
    },
  };
}

export type TimelineWriter = ReturnType<typeof createTimelineWriter>;
