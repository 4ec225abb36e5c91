/** Go `time.ParseDuration`: nanoseconds, or throws an `Error` with Go's message. */
export declare function parseDuration(s: string): bigint;
