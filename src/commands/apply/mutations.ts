/**
 * @file What `kyverno apply` prints while it processes a resource (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/processor/policy_processor.go, `PolicyProcessor.printOutput`,
 * `processMutateEngineResponse`, `processGenerateResponse`): for every mutate policy the
 * patched resource as YAML (go-yaml v3) under `policy <p> applied to <ns>/<Kind>/<name>:`, the patched
 * targets of mutate-existing rules, then `Mutation has been applied successfully.`; for every generated
 * object the same block and `Generation completed successfully.`. With `-o` the YAML goes to the output
 * file(s) instead of standard output, and only the closing lines are printed.
 */
import type { JsonObject, JsonValue } from '../../types.js';
import { marshalGoYaml } from './go-yaml.js';
import type { MutationOutput } from './output-files.js';

export const MUTATION_DONE = '\n\nMutation:\nMutation has been applied successfully.';
export const GENERATION_DONE = '\n\nGenerate:\nGeneration completed successfully.';

function field(object: JsonValue | undefined, key: string): string {
  if (object === null || typeof object !== 'object' || Array.isArray(object)) return '';
  const value = object[key];
  return typeof value === 'string' ? value : '';
}

/** `<namespace>/<Kind>/<name>` of a resource, as the processor's `resPath`. */
export function resourcePath(resource: JsonObject): string {
  return `${field(resource.metadata, 'namespace')}/${field(resource, 'kind')}/${field(resource.metadata, 'name')}`;
}

/** One mutate or generate result to show. */
interface PrintedObject {
  /** The policy name (no namespace). */
  policy: string;
  /** `resPath` of the trigger resource. */
  resourcePath: string;
  /** The processor's resource name (`<name>-mutated.yaml`). */
  resourceName: string;
  /** The patched resource, or one generated object. */
  object: JsonObject;
  /** Patched targets of mutate-existing rules. */
  targets: readonly JsonObject[];
  generated: boolean;
}

/**
 * The text of one `printOutput` call plus its closing line: on standard output without `-o`, else the
 * YAML is appended to the output file and only the closing line is returned.
 */
export function printObject(item: PrintedObject, output: MutationOutput | null): string {
  const yaml = marshalGoYaml(item.object);
  const targets = item.targets.map((target) => `${marshalGoYaml(target)}\n---\n`);
  const done = item.generated ? GENERATION_DONE : MUTATION_DONE;
  if (output !== null) {
    output.write(item.generated ? `${item.policy}-generated` : `${item.resourceName}-mutated`, `${yaml}\n---\n\n${targets.join('')}`);
    return done;
  }
  let out = `\npolicy ${item.policy} applied to ${item.resourcePath}:\n${yaml}\n---\n`;
  if (targets.length > 0) {
    out += 'patched targets: \n';
    for (const target of targets) out += `\n${target}\n`;
  }
  return out + done;
}
