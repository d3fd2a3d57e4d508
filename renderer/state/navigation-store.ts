// Which screen the station shows, and the way back: one route at a time, kept in memory (nothing patient-related in the address bar).
import { create } from 'zustand';

export type Route =
  | { screen: 'scan' }
  | { screen: 'workQueue' }
  | { screen: 'finalCheck' }
  | { screen: 'order'; orderId: string }
  | { screen: 'verify'; orderId: string }
  | { screen: 'prescription'; prescriptionId: string; orderId?: string }
  | { screen: 'tasks'; taskId?: string }
  | { screen: 'feed' }
  | { screen: 'patients'; patientId?: string }
  | { screen: 'prescribers'; prescriberId?: string }
  | { screen: 'inventory'; lotId?: string }
  | { screen: 'search'; query?: string }
  | { screen: 'report' }
  | { screen: 'intake' }
  | { screen: 'notifications' }
  | { screen: 'settings' }
  | { screen: 'training' }
  | { screen: 'drills' };

export type ScreenName = Route['screen'];

/** How far back "Back" can go; older screens are forgotten. */
const HISTORY_LIMIT = 50;

export interface NavigationState {
  route: Route;
  history: Route[];
  /** Goes up with every navigation, so a screen can tell "opened again" from "still open". */
  sequence: number;
  navigate(route: Route): void;
  /** Changes the open route without a new history step (a search screen remembering its query for Back). */
  replace(route: Route): void;
  back(): void;
  /** The scan station with no history: after sign-out, lock by someone else, or Escape from anywhere. */
  reset(): void;
}

const home: Route = { screen: 'scan' };

function sameRoute(a: Route, b: Route): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const useNavigationStore = create<NavigationState>((set) => ({
  route: home,
  history: [],
  sequence: 0,
  navigate: (route) =>
    set((state) => ({
      route,
      history: sameRoute(state.route, route) ? state.history : [...state.history, state.route].slice(-HISTORY_LIMIT),
      sequence: state.sequence + 1,
    })),
  replace: (route) => set({ route }),
  back: () =>
    set((state) => {
      const previous = state.history.at(-1);
      if (!previous) return state;
      return { route: previous, history: state.history.slice(0, -1), sequence: state.sequence + 1 };
    }),
  reset: () => set((state) => ({ route: home, history: [], sequence: state.sequence + 1 })),
}));

/** For event handlers outside React (commands, notifications). */
export const navigate = (route: Route) => useNavigationStore.getState().navigate(route);
