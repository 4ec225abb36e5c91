/**
 * The registered set of Kyverno functions (`GetFunctions`, kyverno/kyverno
 * pkg/engine/jmespath/functions.go) and the catalogue printed by
 * `kyverno-lint jp function`.
 */
import { describe, expect, it } from 'vitest';
import { lookupFunction } from '../../../../src/lang/jmespath/index.js';
import { KYVERNO_FUNCTIONS, registerKyvernoFunctions } from '../../../../src/lang/jmespath/functions/index.js';
import { run } from './evaluate.js';

const NAMES = `compare equal_fold replace replace_all to_upper to_lower trim trim_prefix split regex_replace_all
regex_replace_all_literal regex_match pattern_match label_match to_boolean add sum subtract multiply divide modulo
round base64_decode base64_encode time_since time_now time_now_utc path_canonicalize truncate semver_compare
parse_json parse_yaml lookup items object_from_lists random x509_decode time_to_cron time_add time_parse time_utc
time_diff time_before time_after time_between time_truncate image_normalize is_external_url sha256 sha1 md5`.split(/\s+/);

describe('Kyverno function catalogue', () => {
  it('describes exactly the 51 functions of Kyverno', () => {
    expect(KYVERNO_FUNCTIONS.map((f) => f.name).sort()).toEqual([...NAMES].sort());
  });

  it('registers every function, and registering again changes nothing', () => {
    const before = NAMES.map((name) => lookupFunction(name));
    registerKyvernoFunctions();
    expect(NAMES.map((name) => lookupFunction(name))).toEqual(before);
    expect(before.every((definition) => definition !== undefined)).toBe(true);
  });

  it("replaces the built-in sum with Kyverno's", () => {
    expect(run("sum(['1Ki', '1Ki'])")).toEqual({ result: '2Ki' });
  });

  it.each([
    ['truncate', 'truncate(string, number) string'],
    ['regex_match', 'regex_match(string, string|number) bool'],
    ['lookup', 'lookup(object|array, string|number) any'],
    ['time_now', 'time_now() string'],
    ['split', 'split(string, string) array[string]'],
    ['compare', 'compare(string, string) number'],
  ])('prints %s as %s', (name, signature) => {
    expect(KYVERNO_FUNCTIONS.find((f) => f.name === name)?.signature).toBe(signature);
  });

  it('is sorted by signature and note, as kyverno jp function lists them', () => {
    const texts = KYVERNO_FUNCTIONS.map((f) => `${f.signature} (${f.note})`);
    expect(texts).toEqual([...texts].sort());
    expect(KYVERNO_FUNCTIONS[0]?.name).toBe('add');
  });
});
