/** The side menu's id, which the menu button's aria-controls names while it is open. */
export const MOBILE_MENU_ID = 'mobile-menu';
