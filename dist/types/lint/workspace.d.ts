import type { CompiledException, CompiledPolicy } from '../evaluate/types.js';
import type { Finding, Location } from '../report/types.js';
import { type SourceDocument, type TooLarge } from '../source/index.js';
import { type ResourceDocument } from '../evaluate/resource.js';
import { type HelmSource } from './helm.js';
import type { ProblemCode } from './problem-codes.js';
/** A parsed file of the scan. */
export interface SourceText {
    /** Absolute path, or `-` for standard input. */
    path: string;
    /** How findings name the file: relative to the working directory, `/` separated. */
    display: string;
    text: string;
    documents: SourceDocument[];
    /** Standard input rendered by Helm: the template each document comes from. */
    helm?: HelmSource[];
}
interface WorkspacePolicy {
    compiled: CompiledPolicy;
    file: SourceText;
    document: SourceDocument;
}
export interface Workspace {
    files: Map<string, SourceText>;
    policies: WorkspacePolicy[];
    exceptions: CompiledException[];
    manifests: ResourceDocument[];
    /** Problems of the input, as findings. */
    problems: Finding[];
    counts: {
        policies: number;
        manifests: number;
        other: number;
    };
}
/** What the scan reads from a file. */
interface FileRole {
    policies: boolean;
    manifests: boolean;
    /** Read only when the text looks like a Kubernetes object (`.json` files met in a walk); otherwise the file is not counted. */
    ifKubernetes?: boolean;
}
export declare function displayName(cwd: string, file: string): string;
/** The location of a whole document line, or of `location` as `locate` gives it. */
export declare function fullLocation(file: SourceText, location: {
    line: number;
    column: number;
    endLine?: number;
    endColumn?: number;
}): Location;
export declare function problem(ruleId: ProblemCode, file: SourceText, at: {
    line: number;
    column: number;
}, message: string, severity?: Finding['severity']): Finding;
export declare class WorkspaceLoader {
    #private;
    private readonly cwd;
    private readonly maxFileSize;
    readonly workspace: Workspace;
    /** `maxFileSize`: files (and standard input) larger than this many bytes are reported, not read. */
    constructor(cwd: string, maxFileSize?: number);
    /** A problem with a whole file, at its start. */
    private fileProblem;
    /** Reads, parses and classifies one file; `stdin` is what standard input gave for `-`. */
    addFile(file: string, role: FileRole, stdin?: string | TooLarge): void;
    /** A `v1` List whose `items` is not a list cannot be decoded (kubectl fails on it): reported, not skipped. */
    private checkLists;
    /** Reports each shape problem of a document as a `kyverno-lint/<code>` finding at its node; whether there was one. */
    private reportShape;
    private where;
    /**
     * Validates and compiles the policies read, in the order read, as the admission controller would: a
     * kind is cluster-scoped when the built-in types or a CustomResourceDefinition read say so. Call once,
     * after the last `addFile`.
     */
    complete(): Workspace;
    private addException;
    private addManifest;
}
/**
 * Whether `file` is a template of a Helm chart (`<chart>/templates/**` next to a `Chart.yaml`): such files
 * are Go templates, not YAML, and are checked by rendering the chart (`helm template … | kyverno-lint -`).
 */
export declare function isHelmTemplate(file: string): boolean;
export {};
