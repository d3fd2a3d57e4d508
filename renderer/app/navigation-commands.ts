// The "Go to" commands: every screen by name and shortcut, and the way back.
import { type Command, useCommands } from '../commands/command-store.ts';
import { useAppInfo } from '../queries/session.ts';
import { stationSettingsWords } from '../screens/settings/station-words.ts';
import { type Route, useNavigationStore } from '../state/navigation-store.ts';

/** The screens reachable from anywhere, in the order of the navigation bar (Alt+1, Alt+2, …). */
export interface MainScreen {
  title: string;
  route: Route;
  shortcut: string;
  /** 'station': the fulfillment work; 'manage': records; 'setup': notifications and training controls. */
  section: 'station' | 'manage' | 'setup';
  /** More words that find it in the palette. */
  keywords?: string;
  /** Shown only when the training service is the backend. */
  trainingOnly?: boolean;
}

export const mainScreens: MainScreen[] = [
  { title: 'Scan', route: { screen: 'scan' }, shortcut: 'Alt+1', section: 'station' },
  {
    title: 'Work queue',
    route: { screen: 'workQueue' },
    shortcut: 'Alt+Shift+Q',
    section: 'station',
    // Not "verify" or "review": a screen's own Verify and Reviewed commands come first for those words.
    keywords: 'queue holds waiting clarification',
  },
  {
    title: 'Final check',
    route: { screen: 'finalCheck' },
    shortcut: 'Alt+Shift+F',
    section: 'station',
    keywords: 'pharmacist final check scan label bottle',
  },
  { title: 'Tasks', route: { screen: 'tasks' }, shortcut: 'Alt+2', section: 'station' },
  { title: 'Event feed', route: { screen: 'feed' }, shortcut: 'Alt+3', section: 'station' },
  { title: 'Patients', route: { screen: 'patients' }, shortcut: 'Alt+4', section: 'manage' },
  { title: 'Prescribers', route: { screen: 'prescribers' }, shortcut: 'Alt+5', section: 'manage' },
  { title: 'Inventory', route: { screen: 'inventory' }, shortcut: 'Alt+6', section: 'manage' },
  { title: 'Intake', route: { screen: 'intake' }, shortcut: 'Alt+7', section: 'manage' },
  { title: 'Report', route: { screen: 'report' }, shortcut: 'Alt+8', section: 'manage' },
  { title: 'Search', route: { screen: 'search' }, shortcut: 'Ctrl+F', section: 'manage' },
  {
    title: 'Settings',
    route: { screen: 'settings' },
    shortcut: 'Alt+Shift+S',
    section: 'setup',
    keywords: stationSettingsWords.palette,
  },
  {
    title: 'Notifications',
    route: { screen: 'notifications' },
    shortcut: 'Alt+9',
    section: 'setup',
    keywords: 'webhooks email events listener signing key',
  },
  { title: 'Training', route: { screen: 'training' }, shortcut: 'Alt+0', section: 'setup', trainingOnly: true },
  { title: 'Drills', route: { screen: 'drills' }, shortcut: 'Alt+Shift+D', section: 'setup', trainingOnly: true },
];

/** The screens this station offers: the training controls only when the training service is the backend. */
export function useVisibleScreens(): MainScreen[] {
  const training = useAppInfo().data?.training ?? false;
  return mainScreens.filter((screen) => training || !screen.trainingOnly);
}

export function useNavigationCommands(): void {
  const canGoBack = useNavigationStore((state) => state.history.length > 0);
  const screens = useVisibleScreens();
  const commands: Command[] = [
    ...screens.map((screen) => ({
      id: `go.${screen.route.screen}`,
      title: screen.title,
      group: 'Go to',
      shortcut: screen.shortcut,
      ...(screen.keywords ? { keywords: screen.keywords } : {}),
      run: () => useNavigationStore.getState().navigate(screen.route),
    })),
    {
      id: 'go.back',
      title: 'Go back',
      group: 'Go to',
      shortcut: 'Alt+ArrowLeft',
      enabled: canGoBack,
      run: () => useNavigationStore.getState().back(),
    },
  ];
  useCommands(commands);
}
