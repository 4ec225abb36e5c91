/**
 * @file ANSI colours of the Kyverno CLI's tables (`output/color`): bold green Pass, bold red Fail,
 * bold yellow Warn and special reasons, bold cyan Skip; green header. A palette is either active or
 * the identity, so formatting code never tests whether colours are on.
 */

export interface Palette {
  pass(text: string): string;
  fail(text: string): string;
  warn(text: string): string;
  skip(text: string): string;
  header(text: string): string;
}

const wrap = (code: string) => (text: string) => `\u001b[${code}m${text}\u001b[0m`;

const COLORS: Palette = {
  pass: wrap('1;32'),
  fail: wrap('1;31'),
  warn: wrap('1;33'),
  skip: wrap('1;36'),
  header: wrap('32;40'),
};

const identity = (text: string): string => text;
const PLAIN: Palette = { pass: identity, fail: identity, warn: identity, skip: identity, header: identity };

export function palette(enabled: boolean): Palette {
  return enabled ? COLORS : PLAIN;
}
