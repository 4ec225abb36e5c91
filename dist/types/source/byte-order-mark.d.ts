/** @file The UTF-8 byte order mark that may start a file, dropped before parsing and locating. */
/** `text` without a leading UTF-8 byte order mark (positions are counted after it). */
export declare function stripByteOrderMark(text: string): string;
