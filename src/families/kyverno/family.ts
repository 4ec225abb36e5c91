/**
 * @file The `kyverno.io` family (ClusterPolicy, Policy): JMESPath, patterns and anchors, autogen. A document
 * is accepted as the Kyverno CLI loads a policy: strict decoding against the CRD schema, numbers as Kyverno's
 * `FromJSON` decodes them, `Validate` (kyverno/kyverno pkg/validation/policy/validate.go), then compilation.
 * A PolicyException is decoded against its CRD schema.
 */
import type { Acceptance, ExceptionAcceptance, PolicyFamily } from '../../evaluate/types.js';
import type { JsonObject } from '../../types.js';
import { toFloat64Numbers } from '../../util/json-value.js';
import { compilePolicy } from './compile.js';
import { computeRules } from './policy/autogen.js';
import { checkPolicy } from './policy/check.js';
import { decodePolicyException } from './policy/exception.js';
import type { Policy } from './policy/types.js';
import { validatePolicy } from './policy/validate.js';

export const kyvernoFamily: PolicyFamily = {
  name: 'kyverno',
  accept(document, { scopes, source, checked }): Acceptance {
    // Patterns, conditions and the other free-form fields hold float64 numbers, as Kyverno decodes
    // them (`FromJSON` in api/kyverno/v1/utils.go): integers beyond 2^53 are rounded.
    const value: JsonObject = toFloat64Numbers(document);
    if (checked === true) return { status: 'accepted', policy: compilePolicy((source === undefined ? value : { ...value, source }) as unknown as Policy) };
    const problems = checkPolicy(value);
    if (problems.length > 0) return { status: 'malformed', problems };
    const policy = (source === undefined ? value : { ...value, source }) as unknown as Policy;
    const reason = validatePolicy(policy, scopes);
    if (reason !== null) return { status: 'invalid', reason, ruleCount: computeRules(policy, '').length };
    return { status: 'accepted', policy: compilePolicy(policy) };
  },
  acceptException(document): ExceptionAcceptance {
    const decoded = decodePolicyException(document);
    return typeof decoded === 'string' ? { status: 'invalid', reason: decoded } : { status: 'accepted', exception: decoded };
  },
};
