/**
 * @file The elements of a Go reference-time layout (`time.nextStdChunk`): `2006`, `01`, `Jan`,
 * `Monday`, `15`, `03`, `04`, `05`, `PM`, `MST`, `Z07:00`, `-0700`, `.000`, `,999`, ... Everything
 * else in a layout is literal text.
 */
type StdKind = 'LongMonth' | 'Month' | 'NumMonth' | 'ZeroMonth' | 'LongWeekDay' | 'WeekDay' | 'Day' | 'UnderDay' | 'ZeroDay' | 'UnderYearDay' | 'ZeroYearDay' | 'Hour' | 'Hour12' | 'ZeroHour12' | 'Minute' | 'ZeroMinute' | 'Second' | 'ZeroSecond' | 'LongYear' | 'Year' | 'PM' | 'pm' | 'TZ' | 'ISO8601TZ' | 'ISO8601SecondsTZ' | 'ISO8601ShortTZ' | 'ISO8601ColonTZ' | 'ISO8601ColonSecondsTZ' | 'NumTZ' | 'NumSecondsTz' | 'NumShortTZ' | 'NumColonTZ' | 'NumColonSecondsTZ' | 'FracSecond0' | 'FracSecond9';
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
/** Go `nextStdChunk`: the text before the first layout element, the element, and the rest. */
export declare function nextStdChunk(layout: string): LayoutChunk;
export {};
