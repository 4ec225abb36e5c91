/**
 * @file The proof of a migration: each resource evaluated by the original kyverno.io policy (the JMESPath family)
 * and by what the policy migrated to (its CEL policies, with the remainder of the original), through the product's
 * own processor (`evaluateResource`, as `kyverno-lint apply` and the scan run policies), and the outcome of every
 * translated rule compared with the outcome of the CEL policy written for it.
 *
 * Resources: the repository's manifests and Test resources as given, and variants of each along the paths the rule
 * reads (./variants.ts). Each is evaluated as an admission request would be, CREATE by default and UPDATE with the
 * object as its own old object; numbers read as admission reads them (int64) unless asked otherwise.
 *
 * Outcomes. The original rule's: the status of its rule responses, `autogen-<rule>` and `autogen-cronjob-<rule>`
 * included (the rules Kyverno generates for Pod controllers, which the CEL policy's autogen variants stand for), or
 * `not-applied` when it gave none (its match/exclude did not select the resource). The translation's: the status of
 * the rule responses of its CEL policy and the policy's autogen variants, or `not-applied` when it gave no response
 * or an empty one. When a rule and its translation both give several responses (autogen), the most severe status
 * stands for them (error, fail, warn, pass, skip).
 *
 * Equivalences, and nothing else:
 * - `skip` ≈ `not-applied`. A CEL policy has one way of not judging a request it received: a false match condition
 *   gives a `skip` rule response (kyverno/kyverno pkg/cel/policies/vpol/engine/engine.go `handlePolicy`,
 *   `RuleSkip(...).WithSkipReason(SkipReasonMatchConditions)`), which the background scan drops from the reports
 *   (pkg/controllers/report/utils/scanner.go `filterMatchConditionSkips`), and unmatched constraints give no rule
 *   response. A kyverno.io rule has two: not selected (no rule response) and a false precondition or conditional
 *   anchor (`skip`, kept in reports). The translation can only express both with CEL's match conditions, and
 *   neither judges the request: admission lets it through, nothing passes or fails. `kyverno test` agrees that a
 *   rule that gave no response judged nothing (cmd/cli/kubectl-kyverno/commands/test/output.go `printTestResult`:
 *   a response without the rule is an `Excluded` row, counted as passed whatever the result expects). Every such
 *   agreement is counted under `normalized` (`skip≈not-applied`, …), so it is never silent.
 * - Mutate rules: a CEL mutating policy reports `pass` when its patch changed nothing, where a kyverno.io mutate rule
 *   reports `skip` (pkg/engine/mutate/mutation.go `Mutate`, "no patches applied"): a CEL `pass` that left the
 *   resource unchanged is a `skip`. What the mutations made is compared as a whole (the resource after the original
 *   policy against the resource after the migrated policies, the remainder included).
 * - Not equivalent, and reported: `fail` against `error` (Kyverno's admission blocks an `error` whenever the
 *   failure policy is `Fail`, an Audit policy included, and a `fail` only when the rule enforces;
 *   pkg/utils/engine/response.go `BlockRequest`), `pass` against `not-applied`/`skip` (a result in the reports), and, when both
 *   fail, a different enforcement (Audit against Deny). Messages are reported, never compared: the CEL kinds word
 *   them differently.
 *
 * Where Kyverno's own outcome is random (a pattern's wildcard key under `metadata.labels`/`annotations` matched by
 * two keys of the resource) the pair is counted as `inconclusive`, not compared.
 *
 * Cost: each policy is compiled once (the original, the remainder, each translation), each resource normalised
 * once. The units that do not mutate (no mutate rule in the original, no mutating policy among its translations) are
 * evaluated together, one processor run for all the originals and one for all they migrated to per resource and
 * operation (their responses do not depend on each other; each rule reads its own policy's); a unit that mutates is
 * evaluated alone, as a mutation changes what the policies after it see. Variants are generated only from resources
 * a rule judged (or whose translation skipped them), at most `variantsPerResource` of each and `basesPerRule`
 * resources per rule, and evaluated with their own unit only.
 */
import type { JsonObject, JsonValue, NumberMode, RuleResponse, RuleStatus } from '../types.js';
import type { CompiledPolicy, FailureAction, RequestUserInfo } from '../evaluate/types.js';
import type { Policy } from '../families/kyverno/policy/types.js';
import { acceptPolicy } from '../evaluate/family.js';
import { evaluateResource, mutatedResource, type EvaluationOptions, type ResourceResponse } from '../evaluate/processor.js';
import { resourceDocument, type ResourceDocument } from '../evaluate/resource.js';
import { computeRules } from '../families/kyverno/policy/autogen.js';
import { checkPolicy } from '../families/kyverno/policy/check.js';
import { expandLists, isKubernetesObject, namespaceOf, parseDocuments, type KubernetesObject } from '../source/index.js';
import { isObject, jsonEqual, stringifyJson } from '../util/json-value.js';
import type { PolicyMigration } from './policy.js';
import { randomPatternOutcome, ruleVariants } from './variants.js';

/** The admission operations a resource is evaluated under. */
export type ProofOperation = 'CREATE' | 'UPDATE';

/** Where a resource of the proof comes from. */
export type ResourceOrigin =
  /** A manifest of the repository. */
  | { readonly source: 'manifest'; readonly file: string; readonly line: number }
  /** A resource of a Kyverno CLI Test (`resources` of `kyverno-test.yaml`). */
  | { readonly source: 'test'; readonly file: string; readonly line: number; readonly test?: string }
  /** A variant generated from another resource: what was changed. */
  | { readonly source: 'variant'; readonly base: ResourceOrigin; readonly baseLabel: string; readonly change: string };

/** A resource to evaluate. */
export interface ProofResource {
  readonly resource: JsonObject;
  readonly origin: ResourceOrigin;
  /** The labels of the resource's namespace (namespace selectors); by default those the API server gives it. */
  readonly namespaceLabels?: Readonly<Record<string, string>>;
}

/** An original kyverno.io policy document and what it migrated to. */
export interface ProofPolicy {
  readonly document: JsonObject;
  readonly migration: PolicyMigration;
}

export interface ProofOptions {
  /** Operations of the given resources; default CREATE and UPDATE. */
  readonly operations?: readonly ProofOperation[];
  /** Operations of the generated variants; default CREATE. */
  readonly variantOperations?: readonly ProofOperation[];
  /**
   * Variants generated from one resource for one rule; default 24, 0 for none. A rule reading a Pod spec reads
   * 10-40 paths: 24 gives most of them their removal and first boundary value, at 48 processor runs per resource.
   */
  readonly variantsPerResource?: number;
  /** Resources per rule variants are generated from (the first ones the rule judged, one per kind first); default 16. */
  readonly basesPerRule?: number;
  /** `int64` (admission, `kyverno apply`; the default) or `float64` (`kyverno test`). */
  readonly numberMode?: NumberMode;
  /** The admission user; by default a service account in the `kyverno-lint-proof` namespace. */
  readonly userInfo?: RequestUserInfo;
  /** Disagreements kept per rule (all are counted); default 50. */
  readonly maxDisagreements?: number;
}

/** The outcome of a rule on one request. */
export type ProofOutcome = RuleStatus | 'not-applied';

/** One side of a comparison. */
export interface SideOutcome {
  readonly outcome: ProofOutcome;
  /** The messages of the rule responses. */
  readonly messages: readonly string[];
  /** The rule responses' names (the original's: `<rule>`, `autogen-<rule>`, `autogen-cronjob-<rule>`). */
  readonly rules: readonly string[];
  /** How a failure is enforced (when the outcome is `fail`). */
  readonly action?: FailureAction;
  /** Mutate rules: the resource after the mutations. */
  readonly patched?: JsonObject;
}

/** A resource on which a translated rule does not behave as the original. */
export interface Disagreement {
  /** `apiVersion/Kind/namespace/name`. */
  readonly resource: string;
  readonly origin: ResourceOrigin;
  readonly operation: ProofOperation;
  /** What differs: the outcome, the enforcement of a failure, or the mutated resource. */
  readonly aspect: 'outcome' | 'action' | 'patched';
  readonly original: SideOutcome;
  readonly translation: SideOutcome;
}

/** The proof of one translated rule. */
export interface RuleProof {
  /** The original policy (`namespace/name` for a Policy). */
  readonly policy: string;
  readonly rule: string;
  readonly translation: { readonly kind: string; readonly name: string };
  /** Requests (resource × operation) evaluated. */
  readonly evaluated: number;
  /** Requests compared: the original rule responded or the translation judged (pass, fail, warn, error). */
  readonly checked: number;
  /** Compared requests on which they agree (`checked` = `agreed` + `disagreementCount`). */
  readonly agreed: number;
  /** Requests, compared or not, on which the outcomes differ only through an equivalence (`skip≈not-applied`: count). */
  readonly normalized: Readonly<Record<string, number>>;
  /** Requests not compared: Kyverno's own outcome is random there. */
  readonly inconclusive: number;
  /** Variants generated for this rule. */
  readonly variants: number;
  /** The original rule's outcomes over the checked requests. */
  readonly outcomes: Readonly<Partial<Record<ProofOutcome, number>>>;
  /** The first `maxDisagreements` disagreements. */
  readonly disagreements: readonly Disagreement[];
  readonly disagreementCount: number;
  /** What kept the proof from running (a policy that does not compile, an evaluation that failed). */
  readonly problems: readonly string[];
  /** No disagreement, no problem, and at least one request checked. */
  readonly verified: boolean;
}

/** Timings and counts of a proof. */
export interface ProofFigures {
  readonly policies: number;
  readonly rules: number;
  readonly resources: number;
  readonly variants: number;
  /**
   * Requests evaluated: (resource × operation) per group of policies evaluated together: the policies that do not
   * mutate all at once, each one that mutates alone; each variant with its own policy.
   */
  readonly requests: number;
  /** Processor runs: two per request (the originals, what they migrated to). */
  readonly evaluations: number;
  readonly compileMs: number;
  readonly evaluateMs: number;
  readonly variantMs: number;
  readonly totalMs: number;
}

export interface MigrationProof {
  readonly rules: readonly RuleProof[];
  /** Resources that could not be evaluated (not Kubernetes objects). */
  readonly problems: readonly string[];
  readonly figures: ProofFigures;
}

const DEFAULT_USER: RequestUserInfo = {
  userInfo: { username: 'system:serviceaccount:kyverno-lint-proof:deployer', groups: ['system:serviceaccounts', 'system:serviceaccounts:kyverno-lint-proof', 'system:authenticated'] },
};

/** `apiVersion/Kind/namespace/name`, as `kyverno test` prints a resource. */
function resourceLabel(document: ResourceDocument): string {
  return `${document.apiVersion}/${document.kind}/${document.namespace}/${document.name}`;
}

/** An origin in words: `deploy/app.yaml:12`, `variant of v1/Pod/default/x (test pods.yaml:3): spec.hostNetwork removed`. */
export function describeOrigin(origin: ResourceOrigin): string {
  switch (origin.source) {
    case 'manifest':
      return `${origin.file}:${origin.line}`;
    case 'test':
      return `test resource ${origin.file}:${origin.line}`;
    case 'variant':
      return `variant of ${origin.baseLabel} (${describeOrigin(origin.base)}): ${origin.change}`;
  }
}

/**
 * The Kubernetes objects of a YAML/JSON text (`kind: List` items expanded), as resources of the proof from
 * `source`; what cannot be read is a problem, with its line.
 */
export function proofResources(file: string, text: string, source: 'manifest' | 'test', test?: string): { resources: ProofResource[]; problems: string[] } {
  const parsed = parseDocuments(file, text);
  const problems = parsed.problems.filter((p) => p.severity === 'error').map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`);
  const resources: ProofResource[] = [];
  for (const document of expandLists(parsed.documents)) {
    if (!isKubernetesObject(document.value)) continue;
    const origin: ResourceOrigin = source === 'test' ? { source, file, line: document.line, ...(test !== undefined ? { test } : {}) } : { source, file, line: document.line };
    resources.push({ resource: document.value, origin });
  }
  return { resources, problems };
}

const SEVERITY: Readonly<Record<RuleStatus, number>> = { error: 4, fail: 3, warn: 2, pass: 1, skip: 0 };

function mostSevere(rules: readonly RuleResponse[]): RuleStatus {
  let status: RuleStatus = rules[0]!.status;
  for (const rule of rules) if (SEVERITY[rule.status] > SEVERITY[status]) status = rule.status;
  return status;
}

/** The outcome class compared: `skip` and `not-applied` judge nothing. */
function verdict(outcome: ProofOutcome): string {
  return outcome === 'skip' || outcome === 'not-applied' ? 'none' : outcome;
}

interface Request {
  readonly document: ResourceDocument;
  readonly label: string;
  readonly origin: ResourceOrigin;
  readonly namespaceLabels: Readonly<Record<string, string>>;
  readonly namespaceObject: JsonObject | undefined;
}

interface TranslatedRule {
  readonly rule: string;
  readonly kind: string;
  readonly name: string;
  readonly mutate: boolean;
  /** The original rule as plain JSON (what the variants follow). */
  readonly source: JsonObject | undefined;
  compiled: CompiledPolicy | undefined;
  evaluated: number;
  checked: number;
  agreed: number;
  inconclusive: number;
  variants: number;
  readonly normalized: Map<string, number>;
  readonly outcomes: Map<ProofOutcome, number>;
  readonly disagreements: Disagreement[];
  disagreementCount: number;
  readonly problems: string[];
  /** The requests on which the rule judged (variants are generated from them first). */
  readonly judged: Request[];
  /** The requests the translation skipped where the original did not apply (variants are generated from them next). */
  readonly skipped: Request[];
  /** Per resource kind: whether Kyverno's outcome on a resource is random (null: never). */
  readonly random: Map<string, ((resource: JsonObject) => boolean) | null>;
}

interface Clock {
  compile: number;
  evaluate: number;
  variants: number;
  evaluations: number;
  requests: number;
  variantCount: number;
}

/** The namespace the API server gives a namespaced resource: labelled with its name. */
function standInLabels(namespace: string): Record<string, string> {
  return namespace === '' ? {} : { 'kubernetes.io/metadata.name': namespace };
}

function makeRequest(resource: JsonObject, origin: ResourceOrigin, labels: Readonly<Record<string, string>> | undefined, index: number): Request {
  const document = resourceDocument(resource as KubernetesObject, origin.source === 'variant' ? '' : origin.file, index);
  const namespaceLabels = labels ?? standInLabels(document.namespace);
  const namespaceObject = document.namespace === '' ? undefined : { apiVersion: 'v1', kind: 'Namespace', metadata: { name: document.namespace, labels: { ...namespaceLabels } } };
  return { document, label: resourceLabel(document), origin, namespaceLabels, namespaceObject };
}

function accept(document: JsonObject, what: string): { policy: CompiledPolicy } | { problem: string } {
  try {
    const accepted = acceptPolicy(document);
    if (accepted.status === 'accepted') return { policy: accepted.policy };
    if (accepted.status === 'invalid') return { problem: `${what} is invalid: ${accepted.reason}` };
    if (accepted.status === 'malformed') return { problem: `${what} is malformed: ${accepted.problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('; ')}` };
    return { problem: `${what} is not evaluated${accepted.reason !== undefined ? `: ${accepted.reason}` : ''}` };
  } catch (error) {
    return { problem: `${what} could not be compiled: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The original rule's responses among a policy's responses: the rule and the rules autogen made of it. */
function originalSide(responses: readonly ResourceResponse[], rule: string, mutate: boolean, resource: JsonObject): SideOutcome {
  const names = new Set([rule, `autogen-${rule}`, `autogen-cronjob-${rule}`]);
  const found: RuleResponse[] = [];
  for (const { response } of responses) for (const r of response.rules) if (names.has(r.name)) found.push(r);
  const base = { messages: found.map((r) => r.message), rules: found.map((r) => r.name), ...(mutate ? { patched: mutatedResource(responses, resource) } : {}) };
  if (found.length === 0) return { outcome: 'not-applied', ...base };
  return { outcome: mostSevere(found), ...base };
}

/**
 * The translation's responses: every rule response of its CEL policy (and the policy's autogen variants). `own` are
 * the policy's responses, `all` those of the policies evaluated with it (what they mutated).
 */
function translationSide(own: readonly ResourceResponse[], all: readonly ResourceResponse[], translated: TranslatedRule, resource: JsonObject): SideOutcome {
  const found: RuleResponse[] = [];
  for (const { response } of own) {
    for (const r of response.rules) found.push(r.type === 'Mutation' && r.status === 'pass' && r.unchanged === true ? { ...r, status: 'skip' } : r);
  }
  const base = { messages: found.map((r) => r.message), rules: found.map((r) => r.name), ...(translated.mutate ? { patched: mutatedResource(all, resource) } : {}) };
  if (found.length === 0) return { outcome: 'not-applied', ...base };
  return { outcome: mostSevere(found), ...base };
}

/** Responses by the policy that gave them. */
function byPolicy(responses: readonly ResourceResponse[]): Map<CompiledPolicy, ResourceResponse[]> {
  const map = new Map<CompiledPolicy, ResourceResponse[]>();
  for (const response of responses) {
    const list = map.get(response.response.policy);
    if (list === undefined) map.set(response.response.policy, [response]);
    else list.push(response);
  }
  return map;
}

const NO_RESPONSES: readonly ResourceResponse[] = Object.freeze([]);

function bump<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function record(translated: TranslatedRule, disagreement: Disagreement, limit: number): void {
  translated.disagreementCount++;
  if (translated.disagreements.length < limit) translated.disagreements.push(disagreement);
}

/** The rule a resource of `kind` is checked by: the rule autogen made for the kind, else the rule as written. */
function ruleForKind(policy: Policy | undefined, rule: string, source: JsonObject | undefined, kind: string): JsonObject | undefined {
  if (policy === undefined) return source;
  try {
    const rules = computeRules(policy, kind);
    const preferred = kind === 'CronJob' ? [`autogen-cronjob-${rule}`, `autogen-${rule}`, rule] : [`autogen-${rule}`, rule];
    for (const name of preferred) {
      const found = rules.find((r) => r.name === name);
      if (found !== undefined) return found as unknown as JsonObject;
    }
  } catch {
    // A policy autogen cannot process: the rule as written.
  }
  return source;
}

/** The policy's reference in reports: `namespace/name` for a Policy. */
function policyReference(document: JsonObject): string {
  const metadata = isObject(document.metadata) ? document.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  return document.kind === 'Policy' && typeof metadata.namespace === 'string' ? `${metadata.namespace}/${name}` : name;
}

/** One original policy document, compiled, with what it migrated to, compiled. */
interface Unit {
  readonly reference: string;
  readonly translated: TranslatedRule[];
  /** Absent when the original or the remainder does not compile (the rules then carry the problem). */
  readonly original?: CompiledPolicy;
  readonly migrated: readonly CompiledPolicy[];
  /** The decoded original, for the rules autogen makes of it. */
  readonly decoded: Policy | undefined;
  /** No policy of the unit mutates: its responses do not depend on the other policies evaluated with it. */
  readonly independent: boolean;
}

function newTranslatedRule(t: PolicyMigration['translated'][number], rules: readonly JsonValue[]): TranslatedRule {
  const source = rules.find((r): r is JsonObject => isObject(r) && r.name === t.rule);
  return {
    rule: t.rule,
    kind: t.kind,
    name: t.name,
    mutate: source !== undefined && isObject(source.mutate),
    source,
    compiled: undefined,
    evaluated: 0,
    checked: 0,
    agreed: 0,
    inconclusive: 0,
    variants: 0,
    normalized: new Map(),
    outcomes: new Map(),
    disagreements: [],
    disagreementCount: 0,
    problems: [],
    judged: [],
    skipped: [],
    random: new Map(),
  };
}

/** Compiles a policy document and what it migrated to; what does not compile is a problem of every rule. */
function compileUnit({ document, migration }: ProofPolicy): Unit {
  const reference = policyReference(document);
  const rules = isObject(document.spec) && Array.isArray(document.spec.rules) ? document.spec.rules : [];
  const translated = migration.translated.map((t) => newTranslatedRule(t, rules));
  const original = accept(document, `the original policy ${reference}`);
  const migrated: CompiledPolicy[] = [];
  const problems: string[] = [];
  if ('problem' in original) problems.push(original.problem);
  if (migration.remainder !== null) {
    const remainder = accept(migration.remainder, `what is left of ${reference}`);
    if ('policy' in remainder) migrated.push(remainder.policy);
    else problems.push(remainder.problem);
  }
  for (const [i, t] of migration.translated.entries()) {
    const compiled = accept(t.document, `the ${t.kind} ${t.name}`);
    if ('policy' in compiled) {
      translated[i]!.compiled = compiled.policy;
      migrated.push(compiled.policy);
    } else {
      translated[i]!.problems.push(compiled.problem);
    }
  }
  for (const t of translated) t.problems.push(...problems);
  const decoded = isObject(document.spec) && checkPolicy(document).length === 0 ? (document as unknown as Policy) : undefined;
  const usable = problems.length === 0 && 'policy' in original;
  const all = usable ? [original.policy, ...migrated] : migrated;
  const independent = all.every((p) => p.mutate === undefined && p.mutateTarget === undefined);
  return { reference, translated, ...(usable ? { original: original.policy } : {}), migrated: usable ? migrated : [], decoded, independent };
}

/**
 * The proof of every translated rule of `policies` on `resources` (and their variants): see the file comment.
 * Never throws on bad input: what cannot be evaluated is a problem of the rule (or of the proof, for a resource).
 */
export function proveMigration(policies: readonly ProofPolicy[], resources: readonly ProofResource[], options: ProofOptions = {}): MigrationProof {
  const started = performance.now();
  const operations = options.operations ?? ['CREATE', 'UPDATE'];
  const variantOperations = options.variantOperations ?? ['CREATE'];
  const variantsPerResource = Math.max(0, options.variantsPerResource ?? 24);
  const basesPerRule = Math.max(0, options.basesPerRule ?? 16);
  const maxDisagreements = Math.max(0, options.maxDisagreements ?? 50);
  const numberMode = options.numberMode ?? 'int64';
  const userInfo = options.userInfo ?? DEFAULT_USER;
  const clock: Clock = { compile: 0, evaluate: 0, variants: 0, evaluations: 0, requests: 0, variantCount: 0 };
  const problems: string[] = [];

  const requests: Request[] = [];
  resources.forEach((item, index) => {
    if (!isObject(item?.resource) || !isKubernetesObject(item.resource)) {
      problems.push(`${item?.origin !== undefined ? describeOrigin(item.origin) : `resource ${index}`}: not a Kubernetes object (a string apiVersion and kind)`);
      return;
    }
    requests.push(makeRequest(item.resource, item.origin, item.namespaceLabels, index));
  });

  const compileStart = performance.now();
  const units = policies.map(compileUnit);
  clock.compile += performance.now() - compileStart;
  const live = units.filter((unit) => unit.original !== undefined);

  /** The two evaluations of `request`: the originals, then what they migrated to (each unit reads its own responses). */
  const evaluateBoth = (group: readonly Unit[], request: Request, operation: ProofOperation): { before: ResourceResponse[]; after: ResourceResponse[] } | { error: string } => {
    const evaluation: EvaluationOptions = {
      numberMode,
      operation,
      userInfo,
      namespaceLabels: () => ({ ...request.namespaceLabels }),
      namespaceObject: () => request.namespaceObject,
      keepResourceOnMutateError: true,
    };
    const start = performance.now();
    try {
      const before = evaluateResource(
        group.map((unit) => unit.original!),
        request.document,
        evaluation,
      );
      const after = evaluateResource(
        group.flatMap((unit) => unit.migrated),
        request.document,
        evaluation,
      );
      return { before, after };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    } finally {
      clock.evaluate += performance.now() - start;
      clock.evaluations += 2;
    }
  };

  /** Evaluates `request` for the units of `group` together (falling back to one by one when that fails) and compares. */
  const run = (group: readonly Unit[], request: Request, operation: ProofOperation): void => {
    clock.requests++;
    const outcome = evaluateBoth(group, request, operation);
    if ('error' in outcome) {
      if (group.length > 1) {
        for (const unit of group) {
          const single = evaluateBoth([unit], request, operation);
          if ('error' in single) failed(unit, request, operation, single.error);
          else compareUnit(unit, byPolicy(single.before), byPolicy(single.after), single.after, request, operation);
        }
      } else {
        failed(group[0]!, request, operation, outcome.error);
      }
      return;
    }
    const before = byPolicy(outcome.before);
    const translations = byPolicy(outcome.after);
    for (const unit of group) compareUnit(unit, before, translations, outcome.after, request, operation);
  };

  const compareUnit = (
    unit: Unit,
    before: ReadonlyMap<CompiledPolicy, ResourceResponse[]>,
    translations: ReadonlyMap<CompiledPolicy, ResourceResponse[]>,
    after: readonly ResourceResponse[],
    request: Request,
    operation: ProofOperation,
  ): void => {
    const own = before.get(unit.original!) ?? NO_RESPONSES;
    for (const t of unit.translated) {
      if (t.compiled === undefined) continue;
      compareRule(unit, t, own, translations.get(t.compiled) ?? NO_RESPONSES, after, request, operation);
    }
  };

  const failed = (unit: Unit, request: Request, operation: ProofOperation, error: string): void => {
    const message = `${request.label} (${describeOrigin(request.origin)}, ${operation}): the evaluation failed: ${error}`;
    for (const t of unit.translated) if (t.compiled !== undefined) t.problems.push(message);
  };

  const randomOutcome = (unit: Unit, t: TranslatedRule, kind: string): ((resource: JsonObject) => boolean) | null => {
    let check = t.random.get(kind);
    if (check === undefined) {
      check = randomPatternOutcome(ruleForKind(unit.decoded, t.rule, t.source, kind) ?? null);
      t.random.set(kind, check);
    }
    return check;
  };

  const compareRule = (
    unit: Unit,
    t: TranslatedRule,
    before: readonly ResourceResponse[],
    own: readonly ResourceResponse[],
    after: readonly ResourceResponse[],
    request: Request,
    operation: ProofOperation,
  ): void => {
    if (t.compiled === undefined) return;
    t.evaluated++;
    const resource = request.document.value;
    const originalOutcome = originalSide(before, t.rule, t.mutate, resource);
    const translation = translationSide(own, after, t, resource);
    const same = verdict(originalOutcome.outcome) === verdict(translation.outcome);
    if (same && originalOutcome.outcome !== translation.outcome) bump(t.normalized, `${originalOutcome.outcome}≈${translation.outcome}`);
    const judged = originalOutcome.outcome !== 'not-applied' || verdict(translation.outcome) !== 'none';
    if (operation === 'CREATE' && request.origin.source !== 'variant') {
      if (judged) t.judged.push(request);
      else if (translation.outcome !== 'not-applied') t.skipped.push(request);
    }
    if (!judged && (!t.mutate || jsonEqual(originalOutcome.patched, translation.patched))) return;
    if (t.source !== undefined && randomOutcome(unit, t, request.document.kind)?.(resource) === true) {
      t.inconclusive++;
      return;
    }
    t.checked++;
    bump(t.outcomes, originalOutcome.outcome);
    const disagreement = (aspect: Disagreement['aspect'], o: SideOutcome, c: SideOutcome): Disagreement => ({ resource: request.label, origin: request.origin, operation, aspect, original: o, translation: c });
    if (!same) {
      record(t, disagreement('outcome', originalOutcome, translation), maxDisagreements);
      return;
    }
    if (originalOutcome.outcome === 'fail') {
      const { kind, namespace } = request.document;
      const originalAction = unit.original!.failureAction(originalOutcome.rules[0], kind, namespace, request.namespaceLabels);
      const translationAction = t.compiled.failureAction(undefined, kind, namespace, request.namespaceLabels);
      if (originalAction !== translationAction) {
        record(t, disagreement('action', { ...originalOutcome, action: originalAction }, { ...translation, action: translationAction }), maxDisagreements);
        return;
      }
    }
    if (t.mutate && !jsonEqual(originalOutcome.patched, translation.patched)) {
      record(t, disagreement('patched', originalOutcome, translation), maxDisagreements);
      return;
    }
    t.agreed++;
  };

  // The given resources: the units whose policies do not mutate together, the others one by one (a mutation changes
  // what the policies after it see).
  const together = live.filter((unit) => unit.independent);
  const groups: Unit[][] = [...(together.length > 0 ? [together] : []), ...live.filter((unit) => !unit.independent).map((unit) => [unit])];
  for (const request of requests) for (const operation of operations) for (const group of groups) run(group, request, operation);

  // Variants of the resources each rule judged, evaluated with the rule's own policy (once for all its rules).
  if (variantsPerResource > 0 && basesPerRule > 0) {
    for (const unit of live) {
      const variantStart = performance.now();
      const seen = new Set<string>();
      const variantRequests: Request[] = [];
      for (const t of unit.translated) {
        if (t.compiled === undefined) continue;
        for (const base of basesOf([...t.judged, ...t.skipped], basesPerRule)) {
          const rule = ruleForKind(unit.decoded, t.rule, t.source, base.document.kind);
          if (rule === undefined) continue;
          let made;
          try {
            made = ruleVariants(rule as JsonValue, base.document.value, { limit: variantsPerResource, namespaceLabels: base.namespaceLabels });
          } catch (error) {
            t.problems.push(`${base.label}: the variants could not be generated: ${error instanceof Error ? error.message : String(error)}`);
            continue;
          }
          for (const variant of made) {
            if (!isKubernetesObject(variant.resource)) continue;
            const key = `${stringifyJson(variant.resource)}\u0000${stringifyJson(variant.namespaceLabels ?? null)}`;
            if (seen.has(key)) continue;
            seen.add(key);
            t.variants++;
            const origin: ResourceOrigin = { source: 'variant', base: base.origin, baseLabel: base.label, change: variant.change };
            const sameNamespace = namespaceOf(variant.resource) === base.document.namespace;
            variantRequests.push(makeRequest(variant.resource, origin, variant.namespaceLabels ?? (sameNamespace ? base.namespaceLabels : undefined), 0));
          }
        }
      }
      clock.variants += performance.now() - variantStart;
      clock.variantCount += variantRequests.length;
      for (const request of variantRequests) for (const operation of variantOperations) run([unit], request, operation);
    }
  }

  const proofs: RuleProof[] = units.flatMap((unit) =>
    unit.translated.map((t) => ({
      policy: unit.reference,
      rule: t.rule,
      translation: { kind: t.kind, name: t.name },
      evaluated: t.evaluated,
      checked: t.checked,
      agreed: t.agreed,
      normalized: Object.fromEntries([...t.normalized.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      inconclusive: t.inconclusive,
      variants: t.variants,
      outcomes: Object.fromEntries(t.outcomes),
      disagreements: t.disagreements,
      disagreementCount: t.disagreementCount,
      problems: t.problems,
      verified: t.disagreementCount === 0 && t.problems.length === 0 && t.checked > 0,
    })),
  );

  return {
    rules: proofs,
    problems,
    figures: {
      policies: policies.length,
      rules: proofs.length,
      resources: requests.length,
      variants: clock.variantCount,
      requests: clock.requests,
      evaluations: clock.evaluations,
      compileMs: Math.round(clock.compile),
      evaluateMs: Math.round(clock.evaluate),
      variantMs: Math.round(clock.variants),
      totalMs: Math.round(performance.now() - started),
    },
  };
}

/**
 * The resources variants are generated from: one of each kind first (a rule with autogen reads Pods and Pod
 * controllers differently), then the others in order, at most `limit`.
 */
function basesOf(judged: readonly Request[], limit: number): Request[] {
  const out: Request[] = [];
  const kinds = new Set<string>();
  for (const request of judged) {
    if (out.length >= limit) break;
    if (kinds.has(request.document.kind)) continue;
    kinds.add(request.document.kind);
    out.push(request);
  }
  for (const request of judged) {
    if (out.length >= limit) break;
    if (!out.includes(request)) out.push(request);
  }
  return out;
}
