import type { Route } from '../../app/routes';
import { Screen } from '../../components/Screen';

// PLACEHOLDER (being built).
export function DocumentsScreen({ route }: { route: Extract<Route, { screen: 'documents' }> }) {
  void route;
  return <Screen title="Documents">{null}</Screen>;
}
