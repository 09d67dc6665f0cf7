import { catalogueOf } from './sections.ts';

/**
 * The English messages: a chunk of their own, loaded when the window first shows English (i18n/index.ts). The build
 * writes this module as the catalogue's data (electron.vite.config.ts), so the chunk holds English only.
 */
export default catalogueOf('en');
