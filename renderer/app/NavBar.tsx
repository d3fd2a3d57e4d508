// The navigation bar: the main screens with their shortcuts; the open one is marked for eyes and screen readers.

import { useNavigation } from '../state/navigation.ts';
import { FeedBadge } from '../stations/feed/FeedBadge.tsx';
import { mainScreens } from './navigation-commands.ts';

export function NavBar() {
  const current = useNavigation((state) => state.route.screen);
  return (
    <nav className="nav-bar" aria-label="Screens">
      {mainScreens.map((screen) => {
        const open = current === screen.route.screen;
        return (
          <button
            key={screen.route.screen}
            type="button"
            className={open ? 'nav-item nav-open' : 'nav-item'}
            aria-current={open ? 'page' : undefined}
            aria-keyshortcuts={screen.shortcut}
            title={screen.shortcut}
            onClick={() => useNavigation.getState().navigate(screen.route)}
          >
            {screen.title}
            {screen.route.screen === 'feed' ? <FeedBadge /> : null}
          </button>
        );
      })}
    </nav>
  );
}
