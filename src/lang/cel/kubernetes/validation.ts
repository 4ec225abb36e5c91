/**
 * @file The name and string validations behind the Kubernetes Format library, with their exact messages:
 * k8s.io/apimachinery `pkg/util/validation` (`IsDNS1123Label`, `IsDNS1123Subdomain`, `IsDNS1035Label`, whose
 * length errors say "characters"), `pkg/api/validate/content` (`IsLabelKey` for qualified names and
 * `IsLabelValue`, whose length errors say "bytes"), `pkg/api/validation` (`NameIsDNS*` with `maskTrailingDash` for
 * prefixes), and kube-openapi `pkg/validation/strfmt` (`IsUUID`, base64 `byte`, `IsDate`, `IsDateTime`).
 *
 * Go measures and matches bytes: the checks run on the UTF-8 bytes of the input (one UTF-16 unit per byte), so a
 * non-ASCII character counts as its byte length and never matches an ASCII class.
 */
import { toBytes } from './go-url.js';

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const LABEL_KEY_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE_FMT = `(${LABEL_KEY_FMT})?`;

const DNS1123_LABEL = new RegExp(`^${DNS1123_LABEL_FMT}$`);
const DNS1123_SUBDOMAIN = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const DNS1035_LABEL = new RegExp(`^${DNS1035_LABEL_FMT}$`);
const LABEL_KEY = new RegExp(`^${LABEL_KEY_FMT}$`);
const LABEL_VALUE = new RegExp(`^${LABEL_VALUE_FMT}$`);

const DNS1123_LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1035_LABEL_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const LABEL_KEY_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/** `RegexError(msg, re, examples...)` (the same in both packages). */
function regexError(msg: string, re: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${re}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${re}')`;
}

/** pkg/util/validation `MaxLenError`. */
const maxLenChars = (n: number): string => `must be no more than ${n} characters`;
/** pkg/api/validate/content `MaxLenError`. */
const maxLenBytes = (n: number): string => `must be no more than ${n} bytes`;

/** pkg/util/validation `IsDNS1123Label` on a byte string. */
function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push(maxLenChars(63));
  if (!DNS1123_LABEL.test(value)) {
    if (DNS1123_SUBDOMAIN.test(value)) errs.push('must not contain dots');
    else errs.push(regexError(DNS1123_LABEL_MSG, DNS1123_LABEL_FMT, 'my-name', '123-abc'));
  }
  return errs;
}

/** pkg/util/validation `IsDNS1123Subdomain` on a byte string. */
function isDNS1123Subdomain(value: string, maxLen: (n: number) => string = maxLenChars): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push(maxLen(253));
  if (!DNS1123_SUBDOMAIN.test(value)) errs.push(regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

/** pkg/util/validation `IsDNS1035Label` on a byte string. */
function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push(maxLenChars(63));
  if (!DNS1035_LABEL.test(value)) errs.push(regexError(DNS1035_LABEL_MSG, DNS1035_LABEL_FMT, 'my-name', 'abc-123'));
  return errs;
}

/** pkg/api/validation `maskTrailingDash`: a final '-' (and, as written, the byte before it) becomes 'a'. */
function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}

/** pkg/api/validation `NameIsDNSLabel`. */
export function nameIsDNSLabel(name: string, prefix: boolean): string[] {
  const b = toBytes(name);
  return isDNS1123Label(prefix ? maskTrailingDash(b) : b);
}

/** pkg/api/validation `NameIsDNSSubdomain`. */
export function nameIsDNSSubdomain(name: string, prefix: boolean): string[] {
  const b = toBytes(name);
  return isDNS1123Subdomain(prefix ? maskTrailingDash(b) : b);
}

/** pkg/api/validation `NameIsDNS1035Label`. */
export function nameIsDNS1035Label(name: string, prefix: boolean): string[] {
  const b = toBytes(name);
  return isDNS1035Label(prefix ? maskTrailingDash(b) : b);
}

/** pkg/api/validate/content `IsLabelKey` (`validation.IsQualifiedName`). */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = toBytes(value).split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0]!;
  } else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else for (const msg of isDNS1123Subdomain(prefix, maxLenBytes)) errs.push(`prefix part ${msg}`);
  } else {
    return [
      `a valid label key ${regexError(LABEL_KEY_MSG, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push(`name part ${maxLenBytes(63)}`);
  if (!LABEL_KEY.test(name)) errs.push(`name part ${regexError(LABEL_KEY_MSG, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** pkg/api/validate/content `IsLabelValue` (`validation.IsValidLabelValue`). */
export function isValidLabelValue(value: string): string[] {
  const b = toBytes(value);
  const errs: string[] = [];
  if (b.length > 63) errs.push(maxLenBytes(63));
  if (!LABEL_VALUE.test(b)) errs.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  return errs;
}

/** kube-openapi strfmt `UUIDPattern`. */
export const UUID_PATTERN = '(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$';
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** kube-openapi strfmt `IsUUID`. */
export function isUUID(s: string): boolean {
  return UUID.test(toBytes(s));
}

/** kube-openapi govalidator `IsBase64`. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;
export function isBase64(s: string): boolean {
  return BASE64.test(toBytes(s));
}

function isLeap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** kube-openapi strfmt `IsDate`: Go `time.Parse("2006-01-02", s)` succeeds. */
export function isDate(s: string): boolean {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(s);
  if (m === null) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12) return false;
  const days = month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day >= 1 && day <= days;
}

/** kube-openapi strfmt `DateTimePattern`. */
export const DATE_TIME_PATTERN = '^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$';
/** The same on code points (Go's `.` is any rune but a newline). */
const DATE_TIME = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u;

/** Go `strings.ToLower`: each code point mapped alone (`unicode.ToLower`). */
function goToLower(s: string): string {
  let out = '';
  for (const c of s) {
    const lower = c.toLowerCase();
    out += String.fromCodePoint(lower.codePointAt(0)!);
  }
  return out;
}

/**
 * kube-openapi strfmt `IsDateTime`: at least 4 characters; split at every `t` of the lowercased string; the first
 * part a date, the second (only) matching the time pattern with hour <= 23, minute <= 59, second <= 59.
 */
export function isDateTime(s: string): boolean {
  if (toBytes(s).length < 4) return false;
  const parts = goToLower(s).split('t');
  if (parts.length < 2 || !isDate(parts[0]!)) return false;
  const m = DATE_TIME.exec(parts[1]!);
  if (m === null) return false;
  return m[1]! <= '23' && m[2]! <= '59' && m[3]! <= '59';
}
