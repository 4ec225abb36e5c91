/** `url.URL` as `encoding/json` renders it (`User` is `{}` when present: its fields are unexported). */
export interface GoUrl {
    Scheme: string;
    Opaque: string;
    User: Record<string, never> | null;
    Host: string;
    Path: string;
    RawPath: string;
    OmitHost: boolean;
    ForceQuery: boolean;
    RawQuery: string;
    Fragment: string;
    RawFragment: string;
}
/** Go `url.Parse(raw)`; throws `parse "<url>": <reason>`. */
export declare function parseGoUrl(raw: string): GoUrl;
/** Go `URL.Hostname()`: the host without a valid `:port` and without IPv6 brackets. */
export declare function urlHostname(url: GoUrl): string;
