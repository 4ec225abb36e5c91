/**
 * @file The programmatic validation of the Kyverno API types (api/kyverno/v1: `ClusterPolicy.Validate`,
 * `Spec.Validate`, `Rule.Validate`, `MatchResources.Validate`, `ResourceDescription.Validate`,
 * `UserInfo.Validate`, `Generation.Validate`, `ValidateAutogenAnnotation`, `ValidatePolicyName`) against a
 * set of cluster-scoped resources: empty as the CLI runs it (mock mode), or the kinds the admission
 * controller would discover. Errors are Kubernetes field errors (`<path>: <type>: <detail>`); Go struct
 * values inside `Invalid value` are abbreviated as `v1.Type{...}`.
 */
import { NO_CLUSTER_SCOPES, type ClusterScopes } from '../../../cluster/scopes.js';
import { describeSelector } from '../match/selector.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import { containsWildcard, wildcardMatch } from '../../../util/wildcard.js';
import { AUTOGEN_CONTROLLERS_ANNOTATION, hasContent } from './autogen.js';
import type { MatchResources, Policy, ResourceDescription, Rule, UserInfoFilter } from './types.js';
import { isObject } from '../../../util/json-value.js';

const forbidden = (path: string, detail: string): string => `${path}: Forbidden: ${detail}`;
const invalid = (path: string, value: string, detail: string): string => `${path}: Invalid value: ${value}: ${detail}`;
const required = (path: string, detail: string): string => `${path}: Required value${detail ? `: ${detail}` : ''}`;

export function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function list<T>(value: T[] | undefined | null): T[] {
  return Array.isArray(value) ? value : [];
}

/** JSON with sorted keys, for Go `DeepEqual`-style comparisons of decoded values. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** pkg/pss/utils control lists used by `ValidatePSaControlNames`. */
const PSS_RESTRICTED_CONTROLS = ['Volume Types', 'Privilege Escalation', 'Running as Non-root', 'Running as Non-root user', 'Seccomp', 'Capabilities'];
const PSS_POD_LEVEL_CONTROLS = ['Host Namespaces', 'HostPath Volumes', 'Sysctls', 'AppArmor', 'Volume Types'];
const PSS_CONTAINER_LEVEL_CONTROLS = ['Capabilities', 'Privileged Containers', 'Host Ports', '/proc Mount Type', 'Privilege Escalation'];

/** Rule type checks shared with the rest of policy validation (Kyverno `HasMutate`, ...). */
export function ruleKinds(rule: Rule): { mutate: boolean; validate: boolean; generate: boolean; verifyImages: boolean } {
  return {
    mutate: hasContent(rule.mutate),
    validate: hasContent(rule.validate as JsonValue | undefined),
    generate: hasContent(rule.generate),
    verifyImages: list(rule.verifyImages).some((vi) => hasContent(vi)),
  };
}

function validateUserInfo(info: UserInfoFilter, path: string, errs: string[]): void {
  list(info.subjects).forEach((subject, i) => {
    const entry = `${path}.subjects[${i}]`;
    if (str(subject.kind) === '') errs.push(required(`${entry}.kind`, ''));
    if (str(subject.name) === '') errs.push(required(`${entry}.name`, ''));
    if (subject.kind === 'ServiceAccount' && str(subject.namespace) === '') {
      errs.push(required(`${entry}.namespace`, 'namespace is required when Kind is ServiceAccount'));
    }
  });
  list(info.roles).forEach((role, i) => {
    if (String(role).split(':').length !== 2) {
      errs.push(invalid(`${path}.roles[${i}]`, JSON.stringify(role), 'Role is expected to be in namespace:name format'));
    }
  });
}

function selectorHasWildcard(selector: JsonObject): boolean {
  const labels = selector.matchLabels;
  return isObject(labels) && Object.entries(labels).some(([k, v]) => containsWildcard(k) || containsWildcard(str(v)));
}

function validateDescription(desc: ResourceDescription | undefined, path: string, namespaced: boolean, cluster: ClusterScopes, errs: string[]): void {
  if (!desc) return;
  if (str(desc.name) !== '' && list(desc.names).length > 0) {
    errs.push(invalid(path, 'v1.ResourceDescription{...}', 'Both name and names can not be specified together'));
  }
  const selector = desc.selector as unknown;
  if (isObject(selector) && !selectorHasWildcard(selector)) {
    const { error, requirements } = describeSelector(selector);
    if (error !== null) errs.push(invalid(`${path}.selector`, 'v1.LabelSelector{...}', error));
    else if (requirements === 0) {
      errs.push(invalid(`${path}.selector`, 'v1.LabelSelector{...}', 'The requirements are not specified in selector'));
    }
  }
  if (namespaced) {
    if (list(desc.namespaces).length > 0) errs.push(forbidden(`${path}.namespaces`, 'Filtering namespaces not allowed in namespaced policies'));
    list(desc.kinds).forEach((kind, i) => {
      if (cluster.has(str(kind))) errs.push(forbidden(`${path}.kinds[${i}]`, `Cluster wide resource '${str(kind)}' not allowed in namespaced policy`));
    });
  }
}

/** Kyverno `MatchResources.Validate`. */
function validateMatchResources(block: MatchResources | undefined, path: string, namespaced: boolean, cluster: ClusterScopes, errs: string[]): void {
  if (!block) return;
  const any = list(block.any);
  const all = list(block.all);
  if (any.length > 0 && all.length > 0) {
    errs.push(invalid(path, 'v1.MatchResources{...}', "Can't specify any and all together"));
  }
  any.forEach((filter, i) => {
    validateUserInfo(filter, `${path}.any[${i}]`, errs);
    validateDescription(filter.resources, `${path}.any[${i}]`, namespaced, cluster, errs);
  });
  all.forEach((filter, i) => {
    validateUserInfo(filter, `${path}.any[${i}]`, errs);
    validateDescription(filter.resources, `${path}.all[${i}]`, namespaced, cluster, errs);
  });
  validateUserInfo(block, path, errs);
  validateDescription(block.resources, path, namespaced, cluster, errs);
}

function hasAll(set: ReadonlySet<string>, values: readonly string[]): boolean {
  return values.every((v) => set.has(v));
}

/** Kyverno `Rule.ValidateMatchExcludeConflict`: true when the rule matches an empty set. */
function matchesEmptySet(rule: Rule): boolean {
  const match = rule.match ?? {};
  const exclude = rule.exclude ?? {};
  if (list(exclude.all).length > 0 || list(match.all).length > 0) return false;
  if (list(match.any).length > 0 && list(exclude.any).length > 0) {
    const excluded = new Set(list(exclude.any).map(canonical));
    return list(match.any).some((filter) => excluded.has(canonical(filter)));
  }
  if (!hasContent(exclude as JsonObject)) return false;
  const m = match.resources ?? {};
  const e = exclude.resources ?? {};
  const excludeRoles = new Set(list(exclude.roles));
  if (excludeRoles.size > 0 && (list(match.roles).length === 0 || !hasAll(excludeRoles, list(match.roles)))) return false;
  const excludeClusterRoles = new Set(list(exclude.clusterRoles));
  if (excludeClusterRoles.size > 0 && (list(match.clusterRoles).length === 0 || !hasAll(excludeClusterRoles, list(match.clusterRoles)))) {
    return false;
  }
  const excludeSubjects = new Set(list(exclude.subjects).map(canonical));
  if (excludeSubjects.size > 0) {
    if (list(match.subjects).length === 0) return false;
    if (list(match.subjects).some((s) => !excludeSubjects.has(canonical(s)))) return false;
  }
  if (str(e.name) !== '' && !wildcardMatch(str(e.name), str(m.name))) return false;
  if (list(e.names).length > 0) {
    if (list(m.names).length === 0) return false;
    return list(m.names).some((mn) => list(e.names).some((en) => wildcardMatch(en, mn)));
  }
  const excludeNamespaces = new Set(list(e.namespaces));
  if (excludeNamespaces.size > 0 && (list(m.namespaces).length === 0 || !hasAll(excludeNamespaces, list(m.namespaces)))) return false;
  const excludeKinds = new Set(list(e.kinds));
  if (excludeKinds.size > 0 && (list(m.kinds).length === 0 || !hasAll(excludeKinds, list(m.kinds)))) return false;
  for (const key of ['selector', 'namespaceSelector'] as const) {
    const ms = m[key] as JsonObject | undefined;
    const es = e[key] as JsonObject | undefined;
    if (isObject(ms) && isObject(es)) {
      const excludeExpressions = new Set(list(es.matchExpressions as JsonValue[]).map(canonical));
      if (excludeExpressions.size > 0) {
        const matchExpressions = list(ms.matchExpressions as JsonValue[]);
        if (matchExpressions.length === 0 || matchExpressions.some((x) => !excludeExpressions.has(canonical(x)))) return false;
      }
      const excludeLabels = isObject(es.matchLabels) ? es.matchLabels : {};
      if (Object.keys(excludeLabels).length > 0) {
        const matchLabels = isObject(ms.matchLabels) ? ms.matchLabels : {};
        if (Object.keys(matchLabels).length === 0) return false;
        if (Object.entries(matchLabels).some(([k, v]) => excludeLabels[k] !== v)) return false;
      }
    }
  }
  for (const key of ['selector', 'namespaceSelector'] as const) {
    if (isPresent(m[key]) !== isPresent(e[key])) return false;
  }
  if (isPresent(m.annotations) && isPresent(e.annotations) && canonical(m.annotations) !== canonical(e.annotations)) return false;
  if (isPresent(m.annotations) !== isPresent(e.annotations)) return false;
  return true;
}

function validatePodSecurityControls(rule: Rule, path: string, errs: string[]): void {
  const podSecurity = rule.validate?.podSecurity;
  if (!isPresent(podSecurity) || !podSecurity) return;
  const forbiddenControls = podSecurity.level === 'baseline' ? PSS_RESTRICTED_CONTROLS : [];
  list(podSecurity.exclude).forEach((exclude, idx) => {
    const at = `${path}.podSecurity.exclude[${idx}].controlName`;
    const name = str(exclude.controlName);
    if (PSS_CONTAINER_LEVEL_CONTROLS.includes(name)) {
      if (list(exclude.images).length === 0) {
        errs.push(invalid(at, JSON.stringify(name), 'exclude.images must be specified for the container level control'));
      }
    } else if (PSS_POD_LEVEL_CONTROLS.includes(name) && list(exclude.images).length !== 0) {
      errs.push(invalid(at, JSON.stringify(name), 'exclude.images must not be specified for the pod level control'));
    }
    if (name === 'Seccomp' || name === 'Capabilities') return;
    if (forbiddenControls.includes(name)) errs.push(invalid(at, JSON.stringify(name), 'Invalid control name defined at the given level'));
  });
}

/**
 * Kyverno `GeneratePattern.Validate`, `validateNamespacedTargetsScope` and `ValidateCloneList`
 * (api/kyverno/v1/common_types.go). Variables in `clone`/`cloneList` only give a warning there ("would lead
 * to incorrect synchronization behavior"), which the CLI does not report.
 */
function validateGeneratePattern(gen: JsonObject, path: string, namespaced: boolean, policyNamespace: string, cluster: ClusterScopes, errs: string[]): void {
  const namespace = str(gen.namespace);
  const kind = str(gen.kind);
  const apiVersion = str(gen.apiVersion);
  const clone = isObject(gen.clone) ? gen.clone : {};
  const targetKey = `${apiVersion}/${kind}`;
  if (namespaced) {
    let scope: string | null = null;
    if (cluster.has(targetKey)) {
      scope = `the target must be a namespaced resource: ${targetKey}`;
    } else if (namespace !== policyNamespace) {
      scope = `a namespaced policy cannot generate resources in other namespaces, expected: ${policyNamespace}, received: ${namespace}`;
    } else if (str(clone.name) !== '' && str(clone.namespace) !== policyNamespace) {
      scope = `a namespaced policy cannot clone resources from other namespaces, expected: ${policyNamespace}, received: ${str(clone.namespace)}`;
    }
    if (scope !== null) errs.push(forbidden(`${path}.namespace`, `target resource scope mismatched: ${scope} `));
  }
  if (kind !== '') {
    if (!cluster.has(targetKey)) {
      if (namespace === '') {
        const unknown = cluster.knows?.(apiVersion, kind) === false;
        const hint = unknown
          ? ` (the scope of ${targetKey} is unknown, so it counts as namespaced: if it is cluster-scoped, add its CustomResourceDefinition to the checked files)`
          : '';
        errs.push(forbidden(`${path}.namespace`, `target namespace must be set for a namespaced resource${hint}`));
      }
    } else if (namespace !== '') {
      errs.push(forbidden(`${path}.namespace`, 'target namespace must not be set for a cluster-wide resource'));
    }
  }
  const cloneList = isObject(gen.cloneList) ? gen.cloneList : {};
  const cloneKinds = list(cloneList.kinds as JsonValue[] | undefined).map(str);
  if (cloneKinds.length === 0) {
    if (kind === '') errs.push(forbidden(`${path}.kind`, 'kind can not be empty'));
    if (str(gen.name) === '') errs.push(forbidden(`${path}.name`, 'name can not be empty'));
    if (apiVersion === '') errs.push(forbidden(`${path}.apiVersion`, 'apiVersion can not be empty'));
    return;
  }
  const cloneNamespace = str(cloneList.namespace);
  if (namespaced) {
    for (const cloneKind of cloneKinds) {
      if (cluster.has(cloneKind)) errs.push(forbidden(`${path}.cloneList.kinds`, `the source in cloneList must be a namespaced resource: ${cloneKind}`));
      if (cloneNamespace !== policyNamespace) {
        const detail = `a namespaced policy cannot clone resources from other namespace, expected: ${policyNamespace}, received: ${cloneNamespace}`;
        errs.push(forbidden(`${path}.cloneList.namespace`, detail));
      }
    }
  }
  let clusterScope = cluster.has(cloneKinds[0]!);
  for (const cloneKind of cloneKinds.slice(1)) {
    if (clusterScope !== cluster.has(cloneKind)) {
      errs.push(forbidden(`${path}.cloneList.kinds`, 'mixed scope of target resources is forbidden'));
      break;
    }
    clusterScope = clusterScope && cluster.has(cloneKind);
  }
  if (!clusterScope) {
    if (cloneNamespace === '') errs.push(forbidden(`${path}.cloneList.namespace`, 'namespace is required for namespaced target resources'));
  } else if (!namespaced && cloneNamespace !== '') {
    errs.push(forbidden(`${path}.cloneList.namespace`, 'namespace is forbidden for cluster-wide target resources'));
  }
}

/** Kyverno `Generation.Validate`. */
function validateGeneration(rule: Rule, path: string, namespaced: boolean, policyNamespace: string, cluster: ClusterScopes, errs: string[]): void {
  const gen = rule.generate;
  if (!isObject(gen) || !hasContent(gen)) return;
  const count =
    (isPresent(gen.data) ? 1 : 0) +
    (hasContent(gen.clone) ? 1 : 0) +
    (isObject(gen.cloneList) && isPresent(gen.cloneList.kinds) ? 1 : 0) +
    (isPresent(gen.foreach) ? 1 : 0);
  if (count > 1) {
    errs.push(forbidden(path, 'only one of generate patterns(data, clone, cloneList and foreach) can be specified'));
    return;
  }
  if (Array.isArray(gen.foreach)) {
    gen.foreach.forEach((fe, i) => {
      if (isObject(fe)) validateGeneratePattern(fe, `${path}.foreach[${i}]`, namespaced, policyNamespace, cluster, errs);
    });
  } else {
    validateGeneratePattern(gen, path, namespaced, policyNamespace, cluster, errs);
  }
}

/** Kyverno `Rule.Validate`. */
function validateRule(rule: Rule, path: string, namespaced: boolean, policyNamespace: string, cluster: ClusterScopes, errs: string[]): void {
  const kinds = ruleKinds(rule);
  const count = [kinds.mutate, kinds.validate, kinds.generate, kinds.verifyImages].filter(Boolean).length;
  if (count === 0) {
    errs.push(
      invalid(path, 'v1.Rule{...}', `No operation defined in the rule '${rule.name}'.(supported operations: mutate,validate,generate,verifyImages)`),
    );
  } else if (count !== 1) {
    errs.push(
      invalid(
        path,
        'v1.Rule{...}',
        `Multiple operations defined in the rule '${rule.name}', only one operation (mutate,validate,generate,verifyImages) is allowed per rule`,
      ),
    );
  }
  if (isPresent((rule as unknown as JsonObject).imageExtractors) && !kinds.verifyImages) {
    errs.push(
      invalid(`${path}.imageExtractors`, 'v1.Rule{...}', `Invalid rule spec for rule '${rule.name}', imageExtractors can only be defined for verifyImages rule`),
    );
  }
  if (matchesEmptySet(rule)) errs.push(invalid(path, 'v1.Rule{...}', 'Rule is matching an empty set'));
  validateMatchResources(rule.match, `${path}.match`, namespaced, cluster, errs);
  validateMatchResources(rule.exclude, `${path}.exclude`, namespaced, cluster, errs);
  if (kinds.mutate && namespaced && isObject(rule.mutate) && Array.isArray(rule.mutate.targets)) {
    rule.mutate.targets.forEach((target, idx) => {
      const ns = isObject(target) ? str(target.namespace) : '';
      if (ns !== '' && ns !== policyNamespace) {
        errs.push(
          invalid(
            `${path}.targets[${idx}].namespace`,
            JSON.stringify(ns),
            'This field can be ignored or should have value of the namespace where the policy is being created',
          ),
        );
      }
    });
  }
  validatePodSecurityControls(rule, path, errs);
  validateGeneration(rule, path, namespaced, policyNamespace, cluster, errs);
}

function isMutateExistingOnPolicyUpdate(rule: Rule): boolean | undefined {
  const value = isObject(rule.mutate) ? rule.mutate.mutateExistingOnPolicyUpdate : undefined;
  return typeof value === 'boolean' ? value : undefined;
}

/** Kyverno `Spec.GetMutateExistingOnPolicyUpdate`. */
function mutateExistingOnPolicyUpdate(policy: Policy): boolean {
  for (const rule of policy.spec.rules ?? []) {
    if (hasContent(rule.mutate)) {
      const value = isMutateExistingOnPolicyUpdate(rule);
      if (value !== undefined) return value;
    }
  }
  return policy.spec.mutateExistingOnPolicyUpdate === true;
}

/** Kyverno `Spec.Validate`. */
function validateSpec(policy: Policy, namespaced: boolean, policyNamespace: string, cluster: ClusterScopes, errs: string[]): void {
  const spec = policy.spec;
  const webhook = isObject(spec.webhookConfiguration) ? spec.webhookConfiguration : undefined;
  if (isPresent(spec.webhookTimeoutSeconds) && isPresent(webhook?.timeoutSeconds)) {
    errs.push(forbidden('spec.webhookTimeoutSeconds', 'remove the deprecated field and use spec.webhookConfiguration.timeoutSeconds instead'));
  }
  if (isPresent(spec.failurePolicy) && isPresent(webhook?.failurePolicy)) {
    errs.push(forbidden('spec.failurePolicy', 'remove the deprecated field and use spec.webhookConfiguration.failurePolicy instead'));
  }
  for (const rule of spec.rules ?? []) {
    if (hasContent(rule.generate) && isObject(rule.generate) && typeof rule.generate.generateExisting === 'boolean') {
      if (isPresent(spec.generateExistingOnPolicyUpdate)) {
        errs.push(forbidden('spec.generateExistingOnPolicyUpdate', 'remove the deprecated field and use spec.generate[*].generateExisting instead'));
      }
      if (spec.generateExisting === true) {
        errs.push(forbidden('spec.generateExisting', 'remove the deprecated field and use spec.generate[*].generateExisting instead'));
      }
    }
    if (hasContent(rule.mutate) && isMutateExistingOnPolicyUpdate(rule) !== undefined && spec.mutateExistingOnPolicyUpdate === true) {
      errs.push(forbidden('spec.mutateExistingOnPolicyUpdate', 'remove the deprecated field and use spec.mutate[*].mutateExistingOnPolicyUpdate instead'));
    }
  }
  if (mutateExistingOnPolicyUpdate(policy)) {
    (spec.rules ?? []).forEach((rule, i) => {
      if (hasContent(rule.mutate) && !(isObject(rule.mutate) && Array.isArray(rule.mutate.targets) && rule.mutate.targets.length > 0)) {
        errs.push(forbidden('spec.mutateExistingOnPolicyUpdate', `rules[${i}].mutate.targets has to be specified when mutateExistingOnPolicyUpdate is set`));
      }
    });
  }
  const timeout = spec.webhookTimeoutSeconds;
  if (typeof timeout === 'number' && (timeout < 1 || timeout > 30)) {
    errs.push(invalid('spec.webhookTimeoutSeconds', String(timeout), 'the timeout value must be between 1 and 30 seconds'));
  }
  const webhookTimeout = webhook?.timeoutSeconds;
  if (typeof webhookTimeout === 'number' && (webhookTimeout < 1 || webhookTimeout > 30)) {
    errs.push(invalid('spec.webhookConfiguration.timeoutSeconds', String(webhookTimeout), 'the timeout value must be between 1 and 30 seconds'));
  }
  const names = new Set<string>();
  (spec.rules ?? []).forEach((rule, i) => {
    if (names.has(rule.name)) errs.push(invalid(`spec.rules[${i}].name`, 'v1.Rule{...}', `Duplicate rule name: '${rule.name}'`));
    names.add(rule.name);
  });
  (spec.rules ?? []).forEach((rule, i) => validateRule(rule, `spec.rules[${i}]`, namespaced, policyNamespace, cluster, errs));
  if (namespaced && list(spec.validationFailureActionOverrides).length > 0) {
    errs.push(forbidden('spec.validationFailureActionOverrides', 'Use of validationFailureActionOverrides is supported only with ClusterPolicy'));
  }
}

/** apimachinery aggregate error text: one message, or `[a, b]` with duplicates removed. */
function aggregate(errs: readonly string[]): string | null {
  const unique = [...new Set(errs)];
  if (unique.length === 0) return null;
  return unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`;
}

/**
 * Kyverno `ClusterPolicy.Validate` / `Policy.Validate` against the cluster-scoped resources `cluster` (none
 * in the CLI's mock mode): the aggregated error text, or null.
 */
export function apiValidationError(policy: Policy, cluster: ClusterScopes = NO_CLUSTER_SCOPES): string | null {
  const errs: string[] = [];
  if (policy.metadata.annotations?.[AUTOGEN_CONTROLLERS_ANNOTATION] === 'all') {
    errs.push(forbidden('metadata.annotations', "Autogen annotation does not support 'all' anymore, remove the annotation or set it to a valid value"));
  }
  const name = str(policy.metadata.name);
  if (Buffer.byteLength(name, 'utf8') > 63) errs.push('name: Too long: may not be more than 63 bytes');
  const namespaced = policy.kind === 'Policy';
  validateSpec(policy, namespaced, namespaced ? str(policy.metadata.namespace) : '', cluster, errs);
  return aggregate(errs);
}
