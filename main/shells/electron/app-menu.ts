// The app's menu, instead of Electron's default one (which has Reload and Force Reload, which would drop a
// verification on screen, zoom, the developer tools toggle, and Help pages on electronjs.org). What is left is what a
// pharmacy station needs of a menu: quitting, and the editing commands (on macOS copy and paste work only through
// them). In kiosk mode there is no menu at all.
import { Menu, type MenuItemConstructorOptions } from 'electron';

/** The menu's template for this platform; null in kiosk mode (no menu). */
export function appMenuTemplate(platform: NodeJS.Platform, kiosk: boolean): MenuItemConstructorOptions[] | null {
  if (kiosk) return null;
  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };
  if (platform === 'darwin') {
    return [
      {
        role: 'appMenu',
        submenu: [
          { role: 'about' },
          { type: 'separator' },
          { role: 'hide' },
          { role: 'hideOthers' },
          { role: 'unhide' },
          { type: 'separator' },
          { role: 'quit' },
        ],
      },
      edit,
      { role: 'windowMenu', submenu: [{ role: 'minimize' }] },
    ];
  }
  return [{ label: 'File', submenu: [{ role: 'quit' }] }, edit];
}

/** Replaces Electron's default menu (call before the first window: the default is set at ready when none was). */
export function installAppMenu(kiosk: boolean, platform: NodeJS.Platform = process.platform): void {
  const template = appMenuTemplate(platform, kiosk);
  Menu.setApplicationMenu(template ? Menu.buildFromTemplate(template) : null);
}
