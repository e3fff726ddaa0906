import './events.css';

// The public events pages' lazy chunk (rendered on the server, docs/decisions/0017): the themes and a theme.
// Nothing of the booking, the checkout or payments is in it.

export { ThemesPage } from './themes-page';
export { ThemePage } from './theme-page';
export { themesLoader, themeLoader } from './public-loaders';
