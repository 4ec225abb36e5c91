/**
 * @file TypeScript view of the `kyverno.io/v1` ClusterPolicy / Policy API (api/kyverno/v1 in Kyverno).
 * Policies stay plain JSON after loading (as Kyverno's engine reads them); these interfaces name
 * the fields the engine reads. Shape checking happens in policy/check.ts.
 */
import type { JsonObject, JsonValue, SourceLocation } from '../../../types.js';
interface LabelSelectorRequirement {
    key: string;
    operator: string;
    values?: string[];
}
interface LabelSelector {
    matchLabels?: Record<string, string>;
    matchExpressions?: LabelSelectorRequirement[];
}
export interface ResourceDescription {
    kinds?: string[];
    name?: string;
    names?: string[];
    namespaces?: string[];
    annotations?: Record<string, string>;
    selector?: LabelSelector;
    namespaceSelector?: LabelSelector;
    operations?: string[];
}
export interface Subject {
    kind: string;
    name: string;
    namespace?: string;
    apiGroup?: string;
}
export interface UserInfoFilter {
    roles?: string[];
    clusterRoles?: string[];
    subjects?: Subject[];
}
export interface ResourceFilter extends UserInfoFilter {
    resources?: ResourceDescription;
}
export interface MatchResources extends UserInfoFilter {
    any?: ResourceFilter[];
    all?: ResourceFilter[];
    /** Deprecated inline form. */
    resources?: ResourceDescription;
}
interface Condition {
    key?: JsonValue;
    operator?: string;
    value?: JsonValue;
    message?: string;
}
/** Either the legacy list (AND) or `{any, all}`. */
export type Conditions = Condition[] | {
    any?: Condition[];
    all?: Condition[];
};
export interface ContextEntry {
    name: string;
    variable?: {
        value?: JsonValue;
        jmesPath?: string;
        default?: JsonValue;
    };
    configMap?: {
        name: string;
        namespace?: string;
    };
    apiCall?: JsonObject;
    globalReference?: JsonObject;
    imageRegistry?: JsonObject;
}
export interface PodSecurityExclude {
    controlName: string;
    images?: string[];
    restrictedField?: string;
    values?: string[];
}
export interface PodSecurity {
    level: string;
    version?: string;
    exclude?: PodSecurityExclude[];
}
export interface ForEachValidation {
    list: string;
    elementScope?: boolean;
    context?: ContextEntry[];
    preconditions?: Conditions;
    pattern?: JsonValue;
    anyPattern?: JsonValue;
    deny?: {
        conditions?: Conditions;
    };
    foreach?: ForEachValidation[];
}
export interface FailureActionOverride {
    action?: string;
    namespaces?: string[];
    namespaceSelector?: LabelSelector;
}
export interface Validation {
    message?: string;
    failureAction?: string;
    failureActionOverrides?: FailureActionOverride[];
    allowExistingViolations?: boolean;
    pattern?: JsonValue;
    anyPattern?: JsonValue;
    deny?: {
        conditions?: Conditions;
    };
    foreach?: ForEachValidation[];
    podSecurity?: PodSecurity;
    cel?: JsonObject;
    manifests?: JsonObject;
    assert?: JsonValue;
}
export interface Rule {
    name: string;
    context?: ContextEntry[];
    match?: MatchResources;
    exclude?: MatchResources;
    preconditions?: Conditions;
    celPreconditions?: JsonValue;
    validate?: Validation;
    mutate?: JsonObject;
    generate?: JsonObject;
    verifyImages?: JsonValue[];
    reportProperties?: Record<string, string>;
    skipBackgroundRequests?: boolean;
}
export interface PolicySpec {
    rules?: Rule[];
    validationFailureAction?: string;
    validationFailureActionOverrides?: FailureActionOverride[];
    background?: boolean;
    admission?: boolean;
    applyRules?: 'All' | 'One' | string;
    failurePolicy?: string;
    webhookTimeoutSeconds?: number;
    webhookConfiguration?: JsonObject;
    [key: string]: unknown;
}
/** A ClusterPolicy or Policy as loaded from a file: the raw object plus where it came from. */
export interface Policy {
    apiVersion: string;
    kind: 'ClusterPolicy' | 'Policy';
    metadata: {
        name: string;
        namespace?: string;
        annotations?: Record<string, string>;
        labels?: Record<string, string>;
    };
    spec: PolicySpec;
    /** Where the policy document starts. */
    source?: SourceLocation;
}
export {};
