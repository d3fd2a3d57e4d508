// The "Go to" commands: every screen by name and shortcut, and the way back.
import { type Command, useCommands } from '../commands/registry.ts';
import { type Route, useNavigation } from '../state/navigation.ts';

/** The screens reachable from anywhere, in the order of the navigation bar (Alt+1, Alt+2, …). */
export interface MainScreen {
  title: string;
  route: Route;
  shortcut: string;
  /** 'station': the fulfillment work; 'manage': records and settings. */
  section: 'station' | 'manage';
}

export const mainScreens: MainScreen[] = [
  { title: 'Scan', route: { screen: 'scan' }, shortcut: 'Alt+1', section: 'station' },
  { title: 'Tasks', route: { screen: 'tasks' }, shortcut: 'Alt+2', section: 'station' },
  { title: 'Event feed', route: { screen: 'feed' }, shortcut: 'Alt+3', section: 'station' },
  { title: 'Patients', route: { screen: 'patients' }, shortcut: 'Alt+4', section: 'manage' },
  { title: 'Prescribers', route: { screen: 'prescribers' }, shortcut: 'Alt+5', section: 'manage' },
];

export function useNavigationCommands(): void {
  const canGoBack = useNavigation((state) => state.history.length > 0);
  const commands: Command[] = [
    ...mainScreens.map((screen) => ({
      id: `go.${screen.route.screen}`,
      title: screen.title,
      group: 'Go to',
      shortcut: screen.shortcut,
      run: () => useNavigation.getState().navigate(screen.route),
    })),
    {
      id: 'go.back',
      title: 'Go back',
      group: 'Go to',
      shortcut: 'Alt+ArrowLeft',
      enabled: canGoBack,
      run: () => useNavigation.getState().back(),
    },
  ];
  useCommands(commands);
}
