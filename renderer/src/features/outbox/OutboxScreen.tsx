import { Screen } from '../../components/Screen';

// PLACEHOLDER (being built).
export function OutboxScreen() {
  return <Screen title="Outbox">{null}</Screen>;
}
