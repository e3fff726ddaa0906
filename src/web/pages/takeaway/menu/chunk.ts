// The takeaway menus' lazy chunk (/pasta-now, /catering-menu): the menu, the modifiers sheet, the basket and
// the time chooser, with their styles. Nothing of it is in the recipe-kit menu's first JS.

export { CateringMenuPage, PastaNowMenuPage } from './page';
export { takeawayMenuLoader } from './loader';
