/**
 * @file Kyverno's `yaml` library (kyverno/sdk `extensions/cel/libs/yaml/{lib,impl,types}.go`): the constant handle
 * `yaml` of type `yaml.Yaml` with `parse(string) dyn`, sigs.k8s.io/yaml `Unmarshal` into `interface{}`: the first
 * document, YAML 1.1 scalars as go-yaml v2 resolves them, converted to JSON, every number a double. The YAML reading
 * is the one of the policy loader (source/construct.ts); error messages are its own, not go-yaml's.
 */
import { parseEvents } from 'js-yaml';
import type { Environment } from '@marcbachmann/cel-js';
import { buildDocument, MAX_DEPTH } from '../../../source/construct.js';
import type { CelLibrary } from '../environment.js';
import { celError, messageOf, withDoubles } from './common.js';

/** The value of the `yaml` constant. */
export class YamlHandle {}

export const YAML_TYPE = 'yaml.Yaml';

/** `yaml.parse(text)`. */
export function parseYaml(text: string): unknown {
  try {
    const events = parseEvents(text, { maxDepth: MAX_DEPTH + 2 });
    return withDoubles(buildDocument(text, events).value);
  } catch (err) {
    if (err instanceof RangeError) throw celError('error converting YAML to JSON: document nested too deeply');
    const reason = (err as { reason?: unknown }).reason;
    throw celError(`error converting YAML to JSON: ${typeof reason === 'string' ? reason : messageOf(err)}`);
  }
}

/** The `yaml` library. */
export function yamlLibrary(): CelLibrary {
  return (env: Environment) => {
    env.registerType(YAML_TYPE, YamlHandle);
    env.registerConstant('yaml', YAML_TYPE, new YamlHandle());
    env.registerFunction(`${YAML_TYPE}.parse(string): dyn`, (_: YamlHandle, text: string) => parseYaml(text));
  };
}
