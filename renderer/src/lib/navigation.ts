import { create } from 'zustand';
import { hashToRoute, routeToHash, type Route } from './routes';

interface NavigationState {
  route: Route;
  /** Opens a place, adding it to the window's history (Back returns). */
  navigate: (route: Route) => void;
  /** Changes the current place without a history entry (e.g. a filter edit). */
  replace: (route: Route) => void;
  back: () => void;
}

const DEFAULT_ROUTE: Route = { screen: 'dashboard' };

const fromLocation = (): Route => hashToRoute(window.location.hash) ?? DEFAULT_ROUTE;

export const useNavigation = create<NavigationState>((set) => ({
  route: fromLocation(),
  navigate: (route) => {
    const hash = routeToHash(route);
    if (window.location.hash !== hash) window.history.pushState(null, '', hash);
    set({ route });
  },
  replace: (route) => {
    window.history.replaceState(null, '', routeToHash(route));
    set({ route });
  },
  back: () => window.history.back(),
}));

/** Follows Back/Forward and hand-edited addresses. Returns the stop function. */
export function followLocation(): () => void {
  const sync = () => useNavigation.setState({ route: fromLocation() });
  window.addEventListener('popstate', sync);
  window.addEventListener('hashchange', sync);
  return () => {
    window.removeEventListener('popstate', sync);
    window.removeEventListener('hashchange', sync);
  };
}
