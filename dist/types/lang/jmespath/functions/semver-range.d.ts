/**
 * @file `github.com/blang/semver/v4` `ParseRange` as Kyverno's `semver_compare` uses it:
 * space-separated comparators are ANDed, `||` separates alternatives, `x` wildcards in the minor
 * or patch position are expanded (with blang's quirks: `!1.x.x` can never match), and every
 * error has blang's text (`Could not get version from string: "abc"`, `Last element in range is
 * '||'`, `Could not parse Range "~1.2.0": Could not parse comparator "~" in "~1.2.0"`).
 */
import { type SemVersion } from '../../../util/semver.js';
/** A range: true for the versions it contains. */
type SemverRange = (version: SemVersion) => boolean;
/** blang `ParseRange`; throws blang's error text. */
export declare function parseSemverRange(s: string): SemverRange;
export {};
