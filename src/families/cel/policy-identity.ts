/**
 * @file What every compiled CEL policy is, whatever its kind: its identity (kind, name, namespace, annotations,
 * source), one rule, and whether its failures count as failures (`policies.kyverno.io/scored`). The kinds' classes
 * extend it with their handlers.
 */
import type { PolicyRuleInfo } from '../../evaluate/types.js';
import type { SourceLocation } from '../../types.js';
import { isScored } from './scored.js';

export interface CelPolicyIdentity {
  apiVersion: string;
  kind: string;
  name: string;
  /** `""` for a cluster-scoped policy. */
  namespace: string;
  namespaced: boolean;
  annotations: Record<string, string>;
  source?: SourceLocation;
}

export abstract class CelCompiledPolicy {
  readonly family = 'cel';
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace: string;
  readonly namespaced: boolean;
  readonly annotations: Readonly<Record<string, string>>;
  readonly scored: boolean;
  readonly source?: SourceLocation;
  readonly rules: readonly PolicyRuleInfo[];
  readonly ruleCount = 1;
  readonly mutationsSettle: boolean = true;

  /** `rule` is the one rule the policy's responses carry; `scored` defaults to the policy's annotation. */
  constructor(identity: CelPolicyIdentity, rule: PolicyRuleInfo, scored = isScored(identity.annotations)) {
    this.apiVersion = identity.apiVersion;
    this.kind = identity.kind;
    this.name = identity.name;
    this.namespace = identity.namespace;
    this.namespaced = identity.namespaced;
    this.annotations = identity.annotations;
    this.scored = scored;
    if (identity.source !== undefined) this.source = identity.source;
    this.rules = [rule];
  }
}
