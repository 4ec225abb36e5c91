/**
 * @file The `kyverno.io` family (ClusterPolicy, Policy): JMESPath, patterns and anchors, autogen. A document
 * is accepted as the Kyverno CLI loads a policy: strict decoding against the CRD schema, numbers as Kyverno's
 * `FromJSON` decodes them, `Validate` (kyverno/kyverno pkg/validation/policy/validate.go), then compilation.
 * A PolicyException is decoded against its CRD schema.
 */
import type { PolicyFamily } from '../../evaluate/types.js';
export declare const kyvernoFamily: PolicyFamily;
