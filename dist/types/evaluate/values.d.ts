/**
 * @file The Values file (`cli.kyverno.io/v1alpha1`, `kind: Values`) and inline Test `values:`
 * (kyverno/kyverno cmd/cli/kubectl-kyverno/apis/v1alpha1/values*.go, variables/variables.go, store/store.go):
 * strict decoding, and what each part feeds to the engine — resource-level variables (global, then
 * per policy+resource, then `--set`), rule-level `values`/`foreachValues` (matching `autogen-` names),
 * namespace labels for `namespaceSelector`, subresource mappings and the global `request.operation`.
 */
import type { InjectedValues } from './types.js';
import type { JsonObject, JsonValue } from '../types.js';
import { type DecodeError, type Schema } from './strict-decode.js';
/** The fields of `ValuesSpec`, shared by Values files and inline Test `values:`. */
export declare const VALUES_SPEC_FIELDS: Record<string, Schema>;
interface SubresourceMapping {
    /** The subresource's own GVK, as resources of that kind are written. */
    group: string;
    version: string;
    kind: string;
    /** The parent resource's GVK the resource is evaluated as. */
    parentGroup: string;
    parentVersion: string;
    parentKind: string;
    /** The part after `/` in `subresource.name` (e.g. `scale`). */
    subresource: string;
}
/** Values ready for evaluation. */
export declare class ValuesFile {
    readonly globalValues: Record<string, JsonValue>;
    private readonly policies;
    /** Namespace name → labels (`namespaces` entries win over `namespaceSelector` ones). */
    readonly namespaceLabels: ReadonlyMap<string, Record<string, string>>;
    readonly subresources: readonly SubresourceMapping[];
    private readonly lookups;
    constructor(spec: JsonObject);
    /** The global `request.operation` value, or "" when unset (`Variables.GlobalOperation`). */
    globalOperation(): string;
    /** An error message when the global `request.operation` is not an admission operation. */
    operationError(): string | null;
    /** Resource-level variables for (policy, resource): global, then matching resource entries, then `set`. */
    resourceValues(policyName: string, resourceName: string, set?: Readonly<Record<string, string>>): Record<string, JsonValue>;
    /** The rule entry of the first policy entry named `policyName` (`Store.GetPolicyRule`). */
    private ruleEntry;
    /** The per-rule lookups handed to the engine for one policy (built once per policy name). */
    ruleLookups(policyName: string): Pick<InjectedValues, 'rule' | 'foreach'>;
}
interface DecodedValues {
    values?: ValuesFile;
    errors: DecodeError[];
}
/** Decodes inline Test `values:` (already strictly decoded with the Test). */
export declare function valuesFromSpec(spec: JsonObject): ValuesFile;
/** Decodes a Values file document; `displayFile` names the file in messages. */
export declare function decodeValuesFile(document: JsonValue, displayFile: string): DecodedValues;
/**
 * `apply --set k=v,...` (`cli/variables/parse.go`): entries without exactly one `=`, with an empty key or
 * value, or with a key under `request.object.` are ignored; a repeated key keeps its first value.
 */
export declare function parseSetValues(items: readonly string[]): Record<string, string>;
export {};
