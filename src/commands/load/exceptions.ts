/**
 * @file Loading PolicyException files for `test` (the Test file's `exceptions:`) and `apply`
 * (`--exception`): every document must be a `kyverno.io/v2` or `v2beta1` PolicyException (the versions the
 * Kyverno CLI decodes); others are reported at their line. Each is accepted through its family.
 * CEL PolicyExceptions (`policies.kyverno.io` v1alpha1, v1beta1, v1; cmd/cli/kubectl-kyverno/exception/load.go)
 * go to the CEL family.
 */
import { acceptException } from '../../evaluate/family.js';
import type { CompiledException } from '../../evaluate/types.js';
import { isPolicyException } from '../../families/kyverno/policy/exception.js';
import type { JsonObject } from '../../types.js';
import type { DiagnosticLog } from './diagnostics.js';
import { readFile } from './documents.js';

const CEL_EXCEPTION_API_VERSIONS = new Set(['policies.kyverno.io/v1alpha1', 'policies.kyverno.io/v1beta1', 'policies.kyverno.io/v1']);

/** Whether a document is a CEL PolicyException (`policies.kyverno.io`). */
function isCelPolicyException(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const object = value as JsonObject;
  return object.kind === 'PolicyException' && typeof object.apiVersion === 'string' && CEL_EXCEPTION_API_VERSIONS.has(object.apiVersion);
}

export function loadExceptions(paths: readonly string[], log: DiagnosticLog): CompiledException[] {
  const exceptions: CompiledException[] = [];
  for (const path of paths) {
    const file = readFile(path, log);
    if (file === null) continue;
    for (const document of file.documents) {
      const value = document.value;
      const at = { file: file.path, line: document.line, column: 1 };
      if (!isPolicyException(value) && !isCelPolicyException(value)) {
        const kind = value !== null && typeof value === 'object' && !Array.isArray(value) ? `${String(value.apiVersion)}/${String(value.kind)}` : typeof value;
        log.report({ ...at, message: `policy exception type not supported ${kind}`, severity: 'error' });
        continue;
      }
      const accepted = acceptException(value as JsonObject);
      if (accepted.status === 'accepted') exceptions.push(accepted.exception);
      else if (accepted.status === 'invalid') log.report({ ...at, message: accepted.reason, severity: 'error' });
    }
  }
  return exceptions;
}
