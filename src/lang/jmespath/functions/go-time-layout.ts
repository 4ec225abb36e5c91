/**
 * @file The elements of a Go reference-time layout (`time.nextStdChunk`): `2006`, `01`, `Jan`,
 * `Monday`, `15`, `03`, `04`, `05`, `PM`, `MST`, `Z07:00`, `-0700`, `.000`, `,999`, ... Everything
 * else in a layout is literal text.
 */

type StdKind =
  | 'LongMonth'
  | 'Month'
  | 'NumMonth'
  | 'ZeroMonth'
  | 'LongWeekDay'
  | 'WeekDay'
  | 'Day'
  | 'UnderDay'
  | 'ZeroDay'
  | 'UnderYearDay'
  | 'ZeroYearDay'
  | 'Hour'
  | 'Hour12'
  | 'ZeroHour12'
  | 'Minute'
  | 'ZeroMinute'
  | 'Second'
  | 'ZeroSecond'
  | 'LongYear'
  | 'Year'
  | 'PM'
  | 'pm'
  | 'TZ'
  | 'ISO8601TZ'
  | 'ISO8601SecondsTZ'
  | 'ISO8601ShortTZ'
  | 'ISO8601ColonTZ'
  | 'ISO8601ColonSecondsTZ'
  | 'NumTZ'
  | 'NumSecondsTz'
  | 'NumShortTZ'
  | 'NumColonTZ'
  | 'NumColonSecondsTZ'
  | 'FracSecond0'
  | 'FracSecond9';

export interface StdElement {
  kind: StdKind;
  /** Number of digits of a fractional-second element. */
  digits: number;
}

interface LayoutChunk {
  prefix: string;
  std: StdElement | null;
  suffix: string;
}

const ZERO_X: readonly StdKind[] = ['ZeroMonth', 'ZeroDay', 'ZeroHour12', 'ZeroMinute', 'ZeroSecond', 'Year'];

const isDigitAt = (s: string, i: number): boolean => i < s.length && s[i]! >= '0' && s[i]! <= '9';
const startsWithLowerCase = (s: string): boolean => s.length > 0 && s[0]! >= 'a' && s[0]! <= 'z';

/** Numeric zone elements, longest first, per leading character. */
const ZONES: Readonly<Record<string, readonly [string, StdKind][]>> = {
  '-': [
    ['-070000', 'NumSecondsTz'],
    ['-07:00:00', 'NumColonSecondsTZ'],
    ['-0700', 'NumTZ'],
    ['-07:00', 'NumColonTZ'],
    ['-07', 'NumShortTZ'],
  ],
  Z: [
    ['Z070000', 'ISO8601SecondsTZ'],
    ['Z07:00:00', 'ISO8601ColonSecondsTZ'],
    ['Z0700', 'ISO8601TZ'],
    ['Z07:00', 'ISO8601ColonTZ'],
    ['Z07', 'ISO8601ShortTZ'],
  ],
};

/** Go `nextStdChunk`: the text before the first layout element, the element, and the rest. */
export function nextStdChunk(layout: string): LayoutChunk {
  const chunk = (i: number, kind: StdKind, length: number, digits = 0): LayoutChunk => ({
    prefix: layout.slice(0, i),
    std: { kind, digits },
    suffix: layout.slice(i + length),
  });
  for (let i = 0; i < layout.length; i++) {
    const c = layout[i]!;
    const at = (text: string): boolean => layout.startsWith(text, i);
    switch (c) {
      case 'J':
        if (at('Jan')) {
          if (at('January')) return chunk(i, 'LongMonth', 7);
          if (!startsWithLowerCase(layout.slice(i + 3))) return chunk(i, 'Month', 3);
        }
        break;
      case 'M':
        if (at('Mon')) {
          if (at('Monday')) return chunk(i, 'LongWeekDay', 6);
          if (!startsWithLowerCase(layout.slice(i + 3))) return chunk(i, 'WeekDay', 3);
        }
        if (at('MST')) return chunk(i, 'TZ', 3);
        break;
      case '0':
        if (i + 1 < layout.length && layout[i + 1]! >= '1' && layout[i + 1]! <= '6') {
          return chunk(i, ZERO_X[layout.charCodeAt(i + 1) - 49]!, 2);
        }
        if (at('002')) return chunk(i, 'ZeroYearDay', 3);
        break;
      case '1':
        return at('15') ? chunk(i, 'Hour', 2) : chunk(i, 'NumMonth', 1);
      case '2':
        return at('2006') ? chunk(i, 'LongYear', 4) : chunk(i, 'Day', 1);
      case '_':
        if (at('_2')) {
          // `_2006` is a literal `_` followed by the long year.
          if (at('_2006')) return { prefix: layout.slice(0, i + 1), std: { kind: 'LongYear', digits: 0 }, suffix: layout.slice(i + 5) };
          return chunk(i, 'UnderDay', 2);
        }
        if (at('__2')) return chunk(i, 'UnderYearDay', 3);
        break;
      case '3':
        return chunk(i, 'Hour12', 1);
      case '4':
        return chunk(i, 'Minute', 1);
      case '5':
        return chunk(i, 'Second', 1);
      case 'P':
        if (at('PM')) return chunk(i, 'PM', 2);
        break;
      case 'p':
        if (at('pm')) return chunk(i, 'pm', 2);
        break;
      case '-':
      case 'Z':
        for (const [text, kind] of ZONES[c]!) if (at(text)) return chunk(i, kind, text.length);
        break;
      case '.':
      case ',':
        if (layout[i + 1] === '0' || layout[i + 1] === '9') {
          const ch = layout[i + 1]!;
          let j = i + 1;
          while (j < layout.length && layout[j] === ch) j++;
          // Only a fractional second if the run of digits ends here.
          if (!isDigitAt(layout, j)) return chunk(i, ch === '0' ? 'FracSecond0' : 'FracSecond9', j - i, j - (i + 1));
        }
        break;
    }
  }
  return { prefix: layout, std: null, suffix: '' };
}
