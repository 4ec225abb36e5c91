/**
 * @file The rewrite of `{{@}}` into the JMESPath of the same field in the resource
 * (Kyverno `pkg/utils/jsonpointer/pointer.go`: `ParsePath`, `SkipPast`, `SkipN`, `JMESPath`).
 */
/**
 * The JMESPath `{{@}}` stands for at `path`: past a `foreach` segment, the first two segments
 * dropped (all when two or fewer remain), prefixed with `prefix` (`request.object` or `target`).
 */
export declare function atVariablePath(path: string, prefix: string): string;
