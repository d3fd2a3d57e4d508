// The navigation bar: the main screens with their shortcuts; the open one is marked for eyes and screen readers.

import { FeedBadge } from '../screens/feed/FeedBadge.tsx';
import { useNavigationStore } from '../state/navigation-store.ts';
import { type MainScreen, useVisibleScreens } from './navigation-commands.ts';

const sectionTitles: { section: MainScreen['section']; title: string }[] = [
  { section: 'station', title: 'Station' },
  { section: 'manage', title: 'Manage' },
  { section: 'setup', title: 'Setup' },
];

export function NavBar() {
  const current = useNavigationStore((state) => state.route.screen);
  const screens = useVisibleScreens();
  const sections = sectionTitles.map(({ section, title }) => ({
    title,
    screens: screens.filter((screen) => screen.section === section),
  }));
  return (
    <nav className="nav-bar" aria-label="Screens">
      {sections.map((section) =>
        section.screens.length ? (
          <div key={section.title} className="nav-section">
            <h2 className="nav-heading">{section.title}</h2>
            {section.screens.map((screen) => {
              const open = current === screen.route.screen;
              return (
                <button
                  key={screen.route.screen}
                  type="button"
                  className={open ? 'nav-item nav-open' : 'nav-item'}
                  aria-current={open ? 'page' : undefined}
                  aria-keyshortcuts={screen.shortcut}
                  onClick={() => useNavigationStore.getState().navigate(screen.route)}
                >
                  <span className="nav-title">{screen.title}</span>
                  {screen.route.screen === 'feed' ? <FeedBadge /> : null}
                  <kbd className="nav-key">{screen.shortcut}</kbd>
                </button>
              );
            })}
          </div>
        ) : null,
      )}
    </nav>
  );
}
