/**
 * @file A Test's `globalContextEntries`, the mocked global context store of the Kyverno CLI
 * (`cmd/cli/kubectl-kyverno/store/mock.go`, `gctx_resolve.go`): each entry's root is its `data` object,
 * or the list of its `resources` (the CLI reads `resourceFiles` into `resources`); `fieldPath` narrows
 * the root; with `projections` the value becomes `{<projection>: search(path, root)}`. A reference
 * `<entry>.<projection>` reads one key of an object value. An entry that fails to resolve answers with
 * its error.
 */
import type { JsonValue } from '../../../../../types.js';
/** One `globalContextEntries` entry, with `resourceFiles` already read into `resources`. */
export interface GlobalContextEntryMock {
    name: string;
    data?: JsonValue;
    resources?: JsonValue[];
    fieldPath?: string;
    projections?: readonly {
        name: string;
        path: string;
    }[];
}
/** The mocked global context store of one Test. */
export declare class GlobalContextStore {
    #private;
    constructor(entries: readonly GlobalContextEntryMock[]);
    has(name: string): boolean;
    /**
     * The value of entry `name` (projection `projection` of it when not empty); throws the entry's
     * resolution error, or an error for a projection the value does not have.
     */
    get(name: string, projection?: string): unknown;
}
