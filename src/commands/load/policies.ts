/**
 * @file Loading policies from files and directories as the Kyverno CLI's policy loader does
 * (`cli/policy/load.go`): multi-document YAML, `kind: List` expanded, directories walked recursively.
 * ClusterPolicy/Policy documents are shape-checked against the Kyverno CRD schema (problems reported at
 * their line, the policy dropped); CEL policy kinds are recorded as not supported yet; bindings and
 * PolicyExceptions are ignored; any other document is reported and skipped.
 */
import { checkPolicy } from '../../families/kyverno/policy/check.js';
import type { Policy } from '../../families/kyverno/policy/types.js';
import { expandLists, isKubernetesObject, listPolicyFiles, type SourceDocument } from '../../source/index.js';
import type { JsonObject } from '../../types.js';
import { toFloat64Numbers } from '../../util/json-value.js';
import type { DiagnosticLog } from './diagnostics.js';
import { parseFile, readFile, reportAt, reportProblems, type LoadedFile } from './documents.js';
import { CEL_POLICY_KINDS } from '../../../tools/conformance/policy-features.js';

/** Kinds that accompany policies and need no evaluation of their own. */
const IGNORED_KINDS = new Set([
  'PolicyException',
  'ValidatingAdmissionPolicyBinding',
  'MutatingAdmissionPolicyBinding',
]);

/** A ClusterPolicy or Policy with the place it was loaded from. */
export interface LoadedPolicy {
  policy: Policy;
  file: LoadedFile;
  document: SourceDocument;
}

export interface PolicySet {
  policies: LoadedPolicy[];
  /** Policies of kinds kyverno-lint does not evaluate yet: name → reason. */
  unsupported: Map<string, string>;
  /** Every policy document read (Kyverno and CEL kinds), for feature detection. */
  documents: JsonObject[];
}

function addDocuments(set: PolicySet, file: LoadedFile, log: DiagnosticLog): void {
  for (const document of expandLists(file.documents)) {
    const value = document.value;
    if (value === null) continue;
    if (!isKubernetesObject(value)) {
      reportAt(log, file, document, [], 'skipping document: not a Kubernetes object (apiVersion and kind are required)', 'warning');
      continue;
    }
    const { kind, apiVersion } = value;
    if (kind === 'ClusterPolicy' || kind === 'Policy') {
      set.documents.push(value);
      const problems = checkPolicy(value);
      if (problems.length > 0) {
        for (const problem of problems) reportAt(log, file, document, problem.path, `${kind}: ${problem.message}`);
        continue;
      }
      // Patterns, conditions and the other free-form fields hold float64 numbers, as Kyverno decodes
      // them (`FromJSON` in api/kyverno/v1/utils.go): integers beyond 2^53 are rounded.
      const policy = toFloat64Numbers(value) as unknown as Policy;
      set.policies.push({ policy: { ...policy, source: { file: file.path, line: document.line, column: 1 } }, file, document });
    } else if (CEL_POLICY_KINDS.has(kind)) {
      set.documents.push(value);
      const metadata = value.metadata;
      const name = metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) && typeof metadata.name === 'string' ? metadata.name : '';
      set.unsupported.set(name, `unsupported policy kind ${kind}: CEL policies are not evaluated yet`);
      reportAt(log, file, document, [], `${kind} ${name} (${apiVersion}) is skipped: CEL policies are not evaluated yet`, 'warning');
    } else if (!IGNORED_KINDS.has(kind)) {
      reportAt(log, file, document, [], `skipping ${apiVersion} ${kind} document: not a policy`, 'warning');
    }
  }
}

/** Loads the policies at `paths` (files or directories); `stdin` is the text read for a `-` path. */
export function loadPolicies(paths: readonly string[], log: DiagnosticLog, stdin?: string): PolicySet {
  const set: PolicySet = { policies: [], unsupported: new Map(), documents: [] };
  const filePaths = paths.filter((path) => path !== '-');
  if (stdin !== undefined && filePaths.length < paths.length) addDocuments(set, parseFile('-', stdin, log), log);
  const listed = listPolicyFiles(filePaths);
  reportProblems(log, listed.problems);
  for (const path of listed.files) {
    const file = readFile(path, log);
    if (file) addDocuments(set, file, log);
  }
  return set;
}
