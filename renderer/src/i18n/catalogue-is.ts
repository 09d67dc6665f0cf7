import { catalogueOf } from './sections.ts';

/**
 * The Icelandic messages: a chunk of their own, loaded when the window first shows Icelandic (i18n/index.ts). The build
 * writes this module as the catalogue's data (electron.vite.config.ts), so the chunk holds Icelandic only.
 */
export default catalogueOf('is');
