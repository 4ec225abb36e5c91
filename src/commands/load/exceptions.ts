/**
 * @file Loading PolicyException files for `test` (the Test file's `exceptions:`) and `apply`
 * (`--exception`): every document must be a Kyverno PolicyException; others are reported at their line.
 * CEL PolicyExceptions (policies.kyverno.io) belong to the CEL policy kinds and are reported as unsupported.
 */
import { decodePolicyException, isPolicyException, type PolicyException } from '../../families/kyverno/policy/exception.js';
import type { JsonObject } from '../../types.js';
import type { DiagnosticLog } from './diagnostics.js';
import { readFile } from './documents.js';

export function loadExceptions(paths: readonly string[], log: DiagnosticLog): PolicyException[] {
  const exceptions: PolicyException[] = [];
  for (const path of paths) {
    const file = readFile(path, log);
    if (file === null) continue;
    for (const document of file.documents) {
      const value = document.value;
      const at = { file: file.path, line: document.line, column: 1 };
      if (!isPolicyException(value)) {
        const kind = value !== null && typeof value === 'object' && !Array.isArray(value) ? `${String(value.apiVersion)}/${String(value.kind)}` : typeof value;
        log.report({ ...at, message: `policy exception type not supported ${kind}`, severity: 'error' });
        continue;
      }
      const decoded = decodePolicyException(value as JsonObject);
      if (typeof decoded === 'string') log.report({ ...at, message: decoded, severity: 'error' });
      else exceptions.push(decoded);
    }
  }
  return exceptions;
}
