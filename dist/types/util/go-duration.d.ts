/**
 * @file Go `time.Duration` parsing and formatting (`time.ParseDuration`, `Duration.String`), in
 * nanoseconds held as `bigint`. Used by pattern comparison, condition operators and the duration
 * arithmetic of the JMESPath functions.
 */
/**
 * Parses a Go duration string (`300ms`, `-1.5h`, `2h45m`, `0`) into nanoseconds, exactly as Go's
 * `time.ParseDuration`: an optional sign, then one or more `<number><unit>` pairs; fractions are
 * converted through float64 like Go does; out-of-range values are rejected. Returns `null` where
 * Go returns an error.
 */
export declare function parseGoDuration(input: string): bigint | null;
/**
 * Formats nanoseconds as Go's `Duration.String`: `0s`, `500ms`, `1.5µs`, `100ns`, `1m30s`, `1h0m5s`,
 * `-2m0s`. Values are interpreted as int64 (wrapping like Go for out-of-range inputs).
 */
export declare function formatGoDuration(ns: bigint): string;
