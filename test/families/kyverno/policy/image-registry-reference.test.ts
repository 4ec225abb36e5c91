/**
 * @file The `imageRegistry` context reference check of Kyverno `validateImageRegistry`
 * (pkg/validation/policy/validate.go): distribution/reference `Parse`, through the one parser of
 * util/image-reference.
 */
import { describe, expect, it } from 'vitest';
import { ruleError } from '../../../../src/families/kyverno/policy/validate-rule.js';
import type { Rule } from '../../../../src/families/kyverno/policy/types.js';

function ruleWithReference(reference: string): Rule {
  return {
    name: 'r',
    match: { any: [{ resources: { kinds: ['Pod'] } }] },
    context: [{ name: 'img', imageRegistry: { reference } }],
    validate: { deny: {} },
  } as unknown as Rule;
}

describe('imageRegistry reference', () => {
  const digest = 'a'.repeat(64);
  it.each<[string, string | null]>([
    ['ghcr.io/kyverno/kyverno:v1.12', null],
    [`nginx@sha256:${digest}`, null],
    ['{{ request.object.spec.image }}', null],
    ['Nginx', 'bad image: Nginx: repository name must be lowercase'],
    ['nginx:', 'bad image: nginx:: invalid reference format'],
    // reference.Parse validates the digest (go-digest `Digest.Validate`).
    [`nginx@md5:${'a'.repeat(32)}`, `bad image: nginx@md5:${'a'.repeat(32)}: unsupported digest algorithm`],
    [`nginx@sha256:${'a'.repeat(32)}`, `bad image: nginx@sha256:${'a'.repeat(32)}: invalid checksum digest length`],
    // The 255-character limit is on the path, without the domain.
    [`registry.example.com/${'a'.repeat(250)}`, null],
    [`registry.example.com/${'a'.repeat(256)}`, `bad image: registry.example.com/${'a'.repeat(256)}: repository name must not be more than 255 characters`],
  ])('%s', (reference, message) => {
    expect(ruleError(0, ruleWithReference(reference))).toBe(message === null ? null : `path: spec.rules[0]: ${message}`);
  });
});
