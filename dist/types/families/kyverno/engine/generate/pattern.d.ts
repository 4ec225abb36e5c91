/**
 * @file A generate pattern as the generate controller reads it after variable substitution (Kyverno
 * `GeneratePattern`: the target `apiVersion`/`kind`/`namespace`/`name`, and `data`, `clone` or `cloneList`),
 * the actions that manage one target (Kyverno `generateResponse`), and `GetKindFromGVK` for cloneList kinds.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import type { ObjectAddress } from './store.js';
export interface GeneratePattern {
    /** The target: where the generated object goes. */
    target: ObjectAddress;
    /** `data`, undefined when absent or null. */
    data: JsonValue | undefined;
    clone: {
        namespace: string;
        name: string;
    };
    cloneList: {
        namespace: string;
        kinds: string[] | null;
        selector: JsonObject | null;
    };
}
/** What to do with one target (Kyverno `generateResponse`). */
export type GenerateAction = {
    action: 'Skip';
    target: ObjectAddress;
    error?: string;
} | {
    action: 'Create' | 'Update';
    target: ObjectAddress;
    data: JsonObject;
};
/** The part of a generate block (or foreach entry) that is variable-substituted (`SubstituteAllInType`). */
export declare function patternDocument(block: JsonObject): JsonObject;
/** Decodes a substituted pattern document into its typed form, as `json.Unmarshal` would (or throws). */
export declare function decodePattern(document: JsonObject): GeneratePattern;
/** Kyverno `ResourceSpec.String()`: `<apiVersion>/<kind>/<namespace>/<name>`. */
export declare function describeTarget(target: ObjectAddress): string;
/** Kyverno `GetKindFromGVK` (pkg/utils/kube/kind.go): `[apiVersion, kind]` of a cloneList kind. */
export declare function kindFromGVK(text: string): [string, string];
