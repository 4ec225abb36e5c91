/** @file The UTF-8 byte order mark that may start a file, dropped before parsing and locating. */

const BYTE_ORDER_MARK = 0xfeff;

/** `text` without a leading UTF-8 byte order mark (positions are counted after it). */
export function stripByteOrderMark(text: string): string {
  return text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
}
