/**
 * @file Loading policies from files and directories as the Kyverno CLI's policy loader does
 * (`cli/policy/load.go`): multi-document YAML, `kind: List` expanded, directories walked recursively.
 * Each policy document is accepted through its family (evaluate/family.ts: shape check, Kyverno's
 * validation in mock mode, compilation): shape problems are reported at their line and the policy dropped;
 * invalid policies are kept with the reason the Kyverno CLI gives; kinds kyverno-lint does not evaluate yet
 * are recorded as such; policy bindings (ValidatingAdmissionPolicyBindings, which the Kyverno CLI loads with
 * the policies) are accepted through their family and kept in load order, for the evaluation to hand to the
 * policies they name; PolicyExceptions are left to their own loader; any other document is reported and
 * skipped.
 */
import { acceptBinding, acceptPolicy } from '../../evaluate/family.js';
import { policyKindOf } from '../../evaluate/kinds.js';
import type { CompiledBinding, CompiledPolicy, PayloadKind } from '../../evaluate/types.js';
import { expandLists, isKubernetesObject, listPolicyFiles, nameOf, type SourceDocument } from '../../source/index.js';
import type { JsonObject } from '../../types.js';
import type { DiagnosticLog } from './diagnostics.js';
import { parseFile, readFile, reportAt, reportProblems, type LoadedFile } from './documents.js';

/** A policy document with the place it was loaded from. */
interface PolicyOrigin {
  /** The policy's name. */
  name: string;
  file: LoadedFile;
  document: SourceDocument;
}

/** An accepted policy. */
export interface LoadedPolicy extends PolicyOrigin {
  compiled: CompiledPolicy;
}

/** A policy Kyverno's validation rejects. */
interface InvalidPolicy extends PolicyOrigin {
  /** The error the Kyverno CLI reports for it. */
  reason: string;
  /** The rules the Kyverno CLI counts for it (autogen included). */
  ruleCount: number;
  /** `kyverno test` cannot run with this policy loaded (a ValidatingPolicy that does not compile): it fails with the reason. */
  abortsTest: boolean;
  /** The payloads whose evaluation it aborts (a JSON-mode or Kyverno Authz ValidatingPolicy that does not compile). */
  abortsPayloads?: PayloadKind;
}

export interface PolicySet {
  policies: LoadedPolicy[];
  invalid: InvalidPolicy[];
  /** Policies of kinds kyverno-lint does not evaluate yet: name → reason. */
  unsupported: Map<string, string>;
  /** Every policy document read (of any policy kind), for feature detection. */
  documents: JsonObject[];
  /** The policy bindings accepted, in load order (bindings of kinds not evaluated yet are left out). */
  bindings: CompiledBinding[];
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
    const policyKind = policyKindOf(apiVersion, kind);
    if (policyKind === undefined) {
      reportAt(log, file, document, [], `skipping ${apiVersion} ${kind} document: not a policy`, 'warning');
      continue;
    }
    if (policyKind.role === 'binding') {
      const accepted = acceptBinding(value, policyKind);
      if (accepted.status === 'accepted') set.bindings.push(accepted.binding);
      else if (accepted.status === 'malformed') for (const problem of accepted.problems) reportAt(log, file, document, problem.path, `${kind}: ${problem.message}`);
      continue;
    }
    if (policyKind.role !== 'policy') continue;
    set.documents.push(value);
    const name = nameOf(value);
    const accepted = acceptPolicy(value, { source: { file: file.path, line: document.line, column: 1 } }, policyKind);
    switch (accepted.status) {
      case 'accepted':
        set.policies.push({ name, compiled: accepted.policy, file, document });
        break;
      case 'malformed':
        for (const problem of accepted.problems) reportAt(log, file, document, problem.path, `${kind}: ${problem.message}`);
        break;
      case 'invalid':
        set.invalid.push({
          name,
          reason: accepted.reason,
          ruleCount: accepted.ruleCount,
          abortsTest: accepted.abortsTest === true,
          ...(accepted.abortsPayloads === undefined ? {} : { abortsPayloads: accepted.abortsPayloads }),
          file,
          document,
        });
        break;
      case 'unsupported':
        set.unsupported.set(name, accepted.reason ?? `unsupported policy kind ${kind}: CEL policies are not evaluated yet`);
        reportAt(log, file, document, [], `${kind} ${name} (${apiVersion}) is skipped: ${accepted.reason ?? 'CEL policies are not evaluated yet'}`, 'warning');
        break;
    }
  }
}

/** Loads the policies at `paths` (files or directories); `stdin` is the text read for a `-` path. */
export function loadPolicies(paths: readonly string[], log: DiagnosticLog, stdin?: string): PolicySet {
  const set: PolicySet = { policies: [], invalid: [], unsupported: new Map(), documents: [], bindings: [] };
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
