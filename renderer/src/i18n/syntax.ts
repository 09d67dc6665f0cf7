/**
 * How every message is parsed as ICU MessageFormat, in the window (compile.ts) and by the build, which ships the
 * catalogues parsed (sections.ts, parsedCatalogueOf): `<` is a character, not the start of a rich-text tag.
 */
export const PARSE_OPTIONS = { ignoreTag: true } as const;

/**
 * A text with no brace and no apostrophe has no ICU syntax (`#` counts only inside a plural): it reads as written, so
 * it is neither parsed nor compiled, and the build ships it as it is.
 */
export const isPlainText = (text: string): boolean => !/[{}']/.test(text);
