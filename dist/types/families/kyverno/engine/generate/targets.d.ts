import type { JsonValue } from '../../../../types.js';
import { type GenerateAction, type GeneratePattern } from './pattern.js';
import { type ObjectAddress, type ObjectStore } from './store.js';
/**
 * Kyverno `manageData`: `data` (absent data reads as an empty object, as Kyverno's nil `*JSON` marshals to
 * `null`) is created when the target is missing, updated (with the target's resourceVersion) when it exists
 * and the rule synchronizes, and skipped otherwise. Data that is not an object is an error.
 */
export declare function manageData(store: ObjectStore, target: ObjectAddress, data: JsonValue | undefined, synchronize: boolean): GenerateAction;
/**
 * Kyverno `manageClone`: the source (the target's apiVersion and kind at `clone.namespace`/`clone.name`, or
 * the given cloneList source) is read from the store, tagged as a clone source there, and copied with the
 * source labels and without server-set metadata (owner references too across namespaces). A missing source
 * is an error; cloning an object onto itself is skipped; an identical existing target is skipped.
 */
export declare function manageClone(store: ObjectStore, target: ObjectAddress, sourceSpec: ObjectAddress, pattern: GeneratePattern): GenerateAction;
/**
 * Kyverno `manageCloneList`: for each `cloneList.kinds` entry, every object of that kind in
 * `cloneList.namespace` selected by `cloneList.selector` is cloned into `targetNamespace` under its own name;
 * sources already in the target namespace are skipped.
 */
export declare function manageCloneList(store: ObjectStore, targetNamespace: string, pattern: GeneratePattern): GenerateAction[];
