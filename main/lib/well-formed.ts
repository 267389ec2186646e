const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The text with each lone UTF-16 surrogate replaced by U+FFFD, as SQLite and UTF-8 files would
 * store it anyway: what is hashed is then what reads back.
 */
export const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\uFFFD');
