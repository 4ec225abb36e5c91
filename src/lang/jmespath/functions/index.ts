/**
 * @file Kyverno's custom JMESPath functions (`pkg/engine/jmespath`): registers all 51 in the
 * JMESPath function table (Kyverno's `sum` replaces the built-in) and describes them the way
 * `kyverno jp function` lists them.
 */
import { compareGoStrings } from '../../../util/go-json.js';
import { registerFunction } from '../registry.js';
import { ARITHMETIC_FUNCTIONS } from './arithmetic-functions.js';
import { ENCODING_FUNCTIONS } from './encoding-functions.js';
import { IMAGE_URL_FUNCTIONS } from './image-url-functions.js';
import { type KyvernoFunction, signatureText } from './kyverno-function.js';
import { MATCH_FUNCTIONS } from './match-functions.js';
import { RANDOM_FUNCTIONS } from './random-function.js';
import { REGEX_FUNCTIONS } from './regex-functions.js';
import { SEMVER_FUNCTIONS } from './semver-functions.js';
import { STRING_FUNCTIONS } from './string-functions.js';
import { STRUCTURED_FUNCTIONS } from './structured-functions.js';
import { TIME_FUNCTIONS } from './time-functions.js';
import { X509_FUNCTIONS } from './x509-functions.js';

const ALL: readonly KyvernoFunction[] = [
  ...STRING_FUNCTIONS,
  ...REGEX_FUNCTIONS,
  ...MATCH_FUNCTIONS,
  ...ARITHMETIC_FUNCTIONS,
  ...ENCODING_FUNCTIONS,
  ...STRUCTURED_FUNCTIONS,
  ...SEMVER_FUNCTIONS,
  ...TIME_FUNCTIONS,
  ...IMAGE_URL_FUNCTIONS,
  ...X509_FUNCTIONS,
  ...RANDOM_FUNCTIONS,
];

/** One function as `kyverno jp function` prints it. */
interface KyvernoFunctionDescription {
  readonly name: string;
  /** `name(argtypes) returntypes`, e.g. `truncate(string, number) string`. */
  readonly signature: string;
  readonly returnType: string;
  readonly note: string;
}

/**
 * Every Kyverno function, sorted as `kyverno jp function` sorts them (by the text of
 * `FunctionEntry.String()`, which is the signature followed by ` (<note>)`).
 */
export const KYVERNO_FUNCTIONS: readonly KyvernoFunctionDescription[] = ALL.map((fn) => ({
  name: fn.name,
  signature: signatureText(fn),
  returnType: fn.returnType.join(','),
  note: fn.note,
})).sort((a, b) => {
  const x = a.note === '' ? a.signature : `${a.signature} (${a.note})`;
  const y = b.note === '' ? b.signature : `${b.signature} (${b.note})`;
  return compareGoStrings(x, y);
});

let registered = false;

/** Registers Kyverno's functions in the JMESPath function table (once; later calls do nothing). */
export function registerKyvernoFunctions(): void {
  if (registered) return;
  for (const fn of ALL) registerFunction({ name: fn.name, args: fn.args, handler: fn.handler });
  registered = true;
}
